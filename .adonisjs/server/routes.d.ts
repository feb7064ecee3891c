import '@adonisjs/core/types/http'

type ParamValue = string | number | bigint | boolean

export type ScannedRoutes = {
  ALL: {
    'newsletter_subscriptions.store': { paramsTuple?: []; params?: {} }
    'newsletter_challenges.show': { paramsTuple?: []; params?: {} }
    'newsletter_unsubscriptions.show': { paramsTuple?: []; params?: {} }
    'newsletter_unsubscriptions.store': { paramsTuple?: []; params?: {} }
    'newsletter_confirmations.show': { paramsTuple?: []; params?: {} }
    'newsletter_confirmations.store': { paramsTuple?: []; params?: {} }
    'health_checks.show': { paramsTuple?: []; params?: {} }
    'health_checks.live': { paramsTuple?: []; params?: {} }
    'health_checks.ready': { paramsTuple?: []; params?: {} }
    'metrics.show': { paramsTuple?: []; params?: {} }
    'api_docs.document': { paramsTuple?: []; params?: {} }
    'api_docs.page': { paramsTuple?: []; params?: {} }
    'api_docs.viewer': { paramsTuple?: []; params?: {} }
    'new_account.store': { paramsTuple?: []; params?: {} }
    'session.store': { paramsTuple?: []; params?: {} }
    'second_factor_logins.store': { paramsTuple?: []; params?: {} }
    'session.destroy': { paramsTuple?: []; params?: {} }
    'profile.show': { paramsTuple?: []; params?: {} }
    'profile.update': { paramsTuple?: []; params?: {} }
    'password_resets.store': { paramsTuple?: []; params?: {} }
    'password_resets.update': { paramsTuple?: []; params?: {} }
    'passwords.update': { paramsTuple?: []; params?: {} }
    'email_verifications.store': { paramsTuple?: []; params?: {} }
    'email_verifications.update': { paramsTuple?: []; params?: {} }
    'email_changes.store': { paramsTuple?: []; params?: {} }
    'email_changes.update': { paramsTuple?: []; params?: {} }
    'accounts.export': { paramsTuple?: []; params?: {} }
    'accounts.destroy': { paramsTuple?: []; params?: {} }
    'passkey_login.options': { paramsTuple?: []; params?: {} }
    'passkey_login.store': { paramsTuple?: []; params?: {} }
    'passkeys.index': { paramsTuple?: []; params?: {} }
    'passkeys.options': { paramsTuple?: []; params?: {} }
    'passkeys.store': { paramsTuple?: []; params?: {} }
    'passkeys.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'passkeys.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'account_sessions.index': { paramsTuple?: []; params?: {} }
    'account_sessions.destroy': { paramsTuple: [ParamValue]; params: {'sessionId': ParamValue} }
    'account_sessions.clear': { paramsTuple?: []; params?: {} }
    'two_factor.show': { paramsTuple?: []; params?: {} }
    'totp.store': { paramsTuple?: []; params?: {} }
    'totp.confirm': { paramsTuple?: []; params?: {} }
    'totp.destroy': { paramsTuple?: []; params?: {} }
    'recovery_codes.store': { paramsTuple?: []; params?: {} }
    'reauthentications.store': { paramsTuple?: []; params?: {} }
    'organizations.index': { paramsTuple?: []; params?: {} }
    'organizations.store': { paramsTuple?: []; params?: {} }
    'organizations.show': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organizations.update': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organizations.destroy': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_audit_log.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.leave': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.transfer': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.store': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.update': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'userId': ParamValue} }
    'organization_members.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'userId': ParamValue} }
    'organization_invitations.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_invitations.store': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_invitations.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'invitationId': ParamValue} }
    'events.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.store': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.update': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
    'events.show': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
    'events.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
    'organization_invitations.accept': { paramsTuple?: []; params?: {} }
  }
  POST: {
    'newsletter_subscriptions.store': { paramsTuple?: []; params?: {} }
    'newsletter_unsubscriptions.store': { paramsTuple?: []; params?: {} }
    'newsletter_confirmations.store': { paramsTuple?: []; params?: {} }
    'new_account.store': { paramsTuple?: []; params?: {} }
    'session.store': { paramsTuple?: []; params?: {} }
    'second_factor_logins.store': { paramsTuple?: []; params?: {} }
    'session.destroy': { paramsTuple?: []; params?: {} }
    'password_resets.store': { paramsTuple?: []; params?: {} }
    'password_resets.update': { paramsTuple?: []; params?: {} }
    'email_verifications.store': { paramsTuple?: []; params?: {} }
    'email_verifications.update': { paramsTuple?: []; params?: {} }
    'email_changes.store': { paramsTuple?: []; params?: {} }
    'email_changes.update': { paramsTuple?: []; params?: {} }
    'passkey_login.options': { paramsTuple?: []; params?: {} }
    'passkey_login.store': { paramsTuple?: []; params?: {} }
    'passkeys.options': { paramsTuple?: []; params?: {} }
    'passkeys.store': { paramsTuple?: []; params?: {} }
    'totp.store': { paramsTuple?: []; params?: {} }
    'totp.confirm': { paramsTuple?: []; params?: {} }
    'recovery_codes.store': { paramsTuple?: []; params?: {} }
    'reauthentications.store': { paramsTuple?: []; params?: {} }
    'organizations.store': { paramsTuple?: []; params?: {} }
    'organization_members.leave': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.transfer': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.store': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_invitations.store': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.store': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_invitations.accept': { paramsTuple?: []; params?: {} }
  }
  GET: {
    'newsletter_challenges.show': { paramsTuple?: []; params?: {} }
    'newsletter_unsubscriptions.show': { paramsTuple?: []; params?: {} }
    'newsletter_confirmations.show': { paramsTuple?: []; params?: {} }
    'health_checks.show': { paramsTuple?: []; params?: {} }
    'health_checks.live': { paramsTuple?: []; params?: {} }
    'health_checks.ready': { paramsTuple?: []; params?: {} }
    'metrics.show': { paramsTuple?: []; params?: {} }
    'api_docs.document': { paramsTuple?: []; params?: {} }
    'api_docs.page': { paramsTuple?: []; params?: {} }
    'api_docs.viewer': { paramsTuple?: []; params?: {} }
    'profile.show': { paramsTuple?: []; params?: {} }
    'accounts.export': { paramsTuple?: []; params?: {} }
    'passkeys.index': { paramsTuple?: []; params?: {} }
    'account_sessions.index': { paramsTuple?: []; params?: {} }
    'two_factor.show': { paramsTuple?: []; params?: {} }
    'organizations.index': { paramsTuple?: []; params?: {} }
    'organizations.show': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_audit_log.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_invitations.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.show': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
  }
  HEAD: {
    'newsletter_challenges.show': { paramsTuple?: []; params?: {} }
    'newsletter_unsubscriptions.show': { paramsTuple?: []; params?: {} }
    'newsletter_confirmations.show': { paramsTuple?: []; params?: {} }
    'health_checks.show': { paramsTuple?: []; params?: {} }
    'health_checks.live': { paramsTuple?: []; params?: {} }
    'health_checks.ready': { paramsTuple?: []; params?: {} }
    'metrics.show': { paramsTuple?: []; params?: {} }
    'api_docs.document': { paramsTuple?: []; params?: {} }
    'api_docs.page': { paramsTuple?: []; params?: {} }
    'api_docs.viewer': { paramsTuple?: []; params?: {} }
    'profile.show': { paramsTuple?: []; params?: {} }
    'accounts.export': { paramsTuple?: []; params?: {} }
    'passkeys.index': { paramsTuple?: []; params?: {} }
    'account_sessions.index': { paramsTuple?: []; params?: {} }
    'two_factor.show': { paramsTuple?: []; params?: {} }
    'organizations.index': { paramsTuple?: []; params?: {} }
    'organizations.show': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_audit_log.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_invitations.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.index': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'events.show': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
  }
  PATCH: {
    'profile.update': { paramsTuple?: []; params?: {} }
    'passkeys.update': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'organizations.update': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.update': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'userId': ParamValue} }
    'events.update': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
  }
  PUT: {
    'passwords.update': { paramsTuple?: []; params?: {} }
  }
  DELETE: {
    'accounts.destroy': { paramsTuple?: []; params?: {} }
    'passkeys.destroy': { paramsTuple: [ParamValue]; params: {'id': ParamValue} }
    'account_sessions.destroy': { paramsTuple: [ParamValue]; params: {'sessionId': ParamValue} }
    'account_sessions.clear': { paramsTuple?: []; params?: {} }
    'totp.destroy': { paramsTuple?: []; params?: {} }
    'organizations.destroy': { paramsTuple: [ParamValue]; params: {'organizationId': ParamValue} }
    'organization_members.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'userId': ParamValue} }
    'organization_invitations.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'invitationId': ParamValue} }
    'events.destroy': { paramsTuple: [ParamValue,ParamValue]; params: {'organizationId': ParamValue,'id': ParamValue} }
  }
}
declare module '@adonisjs/core/types/http' {
  export interface RoutesList extends ScannedRoutes {}
}