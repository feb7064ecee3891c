import env from '#start/env'

/** Members plus pending invitations an organization may have (contract, Roles). */
export const memberLimit = env.get('ORGANIZATION_MEMBER_LIMIT', 100)
