/**
 * Where every API route lives: the server registers under it, the widget and the wallet frame call
 * under it. A module of its own so the browser bundles import the prefix without the route schemas.
 */
export const API_PREFIX = '/api/v1'
