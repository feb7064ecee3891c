export const controllers = {}
