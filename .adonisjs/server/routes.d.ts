import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'newsletter_subscriptions.store': { paramsTuple?: []; params?: {} }
    'health_checks.show': { paramsTuple?: []; params?: {} }
  }
  POST: {
    'newsletter_subscriptions.store': { paramsTuple?: []; params?: {} }
  }
  GET: {
    'health_checks.show': { paramsTuple?: []; params?: {} }
  }
  HEAD: {
    'health_checks.show': { paramsTuple?: []; params?: {} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}