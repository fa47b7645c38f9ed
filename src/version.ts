/** Our own release (package.json; error details name it). A unit test keeps it equal to package.json. */
export const VERSION = '0.1.0'
/**
 * The SDK version string of part 1 §9 ('react-auth 2.21.1'): the client the server's API family
 * knows. Sent as `privy-client: <client name>:<version>` (api-paths.md); our own release stays VERSION.
 */
export const SDK_CLIENT = 'react-auth'
export const SDK_CLIENT_VERSION = '2.21.1'
export const CLIENT_NAME = `${SDK_CLIENT}:${SDK_CLIENT_VERSION}`
