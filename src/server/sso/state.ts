/** What directory sign-in keeps between requests (docs/design.md#directory-sign-in), built once per server. */
import type { BlockList } from 'node:net';
import type { ServerContext } from '../context.ts';
import { createIdentityStore, type IdentityStore } from '../store/identities.ts';
import { createDirectory, type Directory } from './directory.ts';
import { createFlowStore } from './flows.ts';
import { parseProxyList } from './proxy-addresses.ts';

/** Untrusted addresses already logged for sending the proxy header; past this many the list starts again. */
const MAX_LOGGED_ADDRESSES = 1024;

export interface DirectorySignIn {
  /** null when OIDC is not set up. */
  directory: Directory | null;
  flows: ReturnType<typeof createFlowStore>;
  identities: IdentityStore;
  proxies: BlockList;
  /** Logs an untrusted address sending the proxy header, once per address. */
  noteUntrusted(address: string): void;
}

export function createDirectorySignIn(app: ServerContext): DirectorySignIn {
  const { oidc, trustedProxies, trustedProxyHeader } = app.settings;
  const logged = new Set<string>();
  return {
    directory: oidc ? createDirectory(oidc.issuer, app.now) : null,
    flows: createFlowStore(app.now),
    identities: createIdentityStore(app.db),
    proxies: parseProxyList(trustedProxies),
    noteUntrusted(address) {
      if (logged.has(address)) return;
      if (logged.size >= MAX_LOGGED_ADDRESSES) logged.clear();
      logged.add(address);
      app.log(`Ignored ${trustedProxyHeader} from ${address}: not one of TRUSTED_PROXIES (logged once per address).`);
    },
  };
}
