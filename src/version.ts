/** Sent as `privy-client: gatehouse:<version>`; a unit test keeps it equal to package.json. */
export const VERSION = '0.1.0'
export const CLIENT_NAME = `gatehouse:${VERSION}`
