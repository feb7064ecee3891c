export const policies = {
  OrganizationPolicy: () => import('#policies/organization_policy'),
}

