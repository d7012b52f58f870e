// React 19 has useSyncExternalStore built in: @xstate/react's import of the React 17 shim
// ('use-sync-external-store/shim') resolves here instead (vite.config.ts), so the first page
// does not carry the shim's copy of it.
export { useSyncExternalStore } from 'react';
