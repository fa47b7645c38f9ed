// Svelte's defaults; here so vite-plugin-svelte and svelte-check find a configuration.
export default {}
