import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'newsletter_subscriptions.store': { paramsTuple?: []; params?: {} }
    'newsletter_unsubscriptions.show': { paramsTuple?: []; params?: {} }
    'newsletter_unsubscriptions.store': { paramsTuple?: []; params?: {} }
    'health_checks.show': { paramsTuple?: []; params?: {} }
    'health_checks.live': { paramsTuple?: []; params?: {} }
    'health_checks.ready': { paramsTuple?: []; params?: {} }
    'new_account.store': { paramsTuple?: []; params?: {} }
    'session.store': { paramsTuple?: []; params?: {} }
    'session.destroy': { paramsTuple?: []; params?: {} }
    'profile.show': { paramsTuple?: []; params?: {} }
    'organizations.index': { paramsTuple?: []; params?: {} }
    'organizations.store': { paramsTuple?: []; params?: {} }
    'organizations.show': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.store': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'userId': ParamValue} }
    'events.store': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.update': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
    'events.show': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
  }
  POST: {
    'newsletter_subscriptions.store': { paramsTuple?: []; params?: {} }
    'newsletter_unsubscriptions.store': { paramsTuple?: []; params?: {} }
    'new_account.store': { paramsTuple?: []; params?: {} }
    'session.store': { paramsTuple?: []; params?: {} }
    'session.destroy': { paramsTuple?: []; params?: {} }
    'organizations.store': { paramsTuple?: []; params?: {} }
    'organization_members.store': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.store': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
  }
  GET: {
    'newsletter_unsubscriptions.show': { paramsTuple?: []; params?: {} }
    'health_checks.show': { paramsTuple?: []; params?: {} }
    'health_checks.live': { paramsTuple?: []; params?: {} }
    'health_checks.ready': { paramsTuple?: []; params?: {} }
    'profile.show': { paramsTuple?: []; params?: {} }
    'organizations.index': { paramsTuple?: []; params?: {} }
    'organizations.show': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.show': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
  }
  HEAD: {
    'newsletter_unsubscriptions.show': { paramsTuple?: []; params?: {} }
    'health_checks.show': { paramsTuple?: []; params?: {} }
    'health_checks.live': { paramsTuple?: []; params?: {} }
    'health_checks.ready': { paramsTuple?: []; params?: {} }
    'profile.show': { paramsTuple?: []; params?: {} }
    'organizations.index': { paramsTuple?: []; params?: {} }
    'organizations.show': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.show': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
  }
  DELETE: {
    'organization_members.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'userId': ParamValue} }
  }
  PATCH: {
    'events.update': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}