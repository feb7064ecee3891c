export const policies = {
  MembershipPolicy: () => import('#policies/membership_policy'),
  OrganizationPolicy: () => import('#policies/organization_policy'),
}

