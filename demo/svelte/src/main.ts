// The widget's tags, as a host app imports them (resolved to the built dist/ bundles, see vite.config.js).
import 'gatehouse/elements'
import 'gatehouse/fund-button'
import { mount } from 'svelte'
import App from './App.svelte'

const target = document.getElementById('app')!
window.gatehouseEvents = []
mount(App, { target, props: { appId: target.dataset.appId!, apiUrl: target.dataset.apiUrl! } })
