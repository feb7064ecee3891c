export const policies = {
  EventPolicy: () => import('#policies/event_policy'),
  MembershipPolicy: () => import('#policies/membership_policy'),
  OrganizationPolicy: () => import('#policies/organization_policy'),
}

