export const policies = {}
