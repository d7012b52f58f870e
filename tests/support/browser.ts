import { expect } from 'vitest';

type Cookie = { host: string; name: string; value: string; path: string };

/**
 * A browser for tests that drive sign-in pages over real HTTP: its cookies (by host, name and
 * path) and requests that never follow redirects, so each hop can be checked. Relative targets
 * are on `base` (a function when the server's address is known only once it listens).
 */
export class Browser {
  cookies = new Map<string, Cookie>();
  readonly #base: string | (() => string);

  constructor(base: string | (() => string)) {
    this.#base = base;
  }

  get base() {
    return typeof this.#base === 'string' ? this.#base : this.#base();
  }

  cookieHeader(url: URL) {
    return [...this.cookies.values()]
      .filter((c) => c.host === url.host && (url.pathname === c.path || url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`)))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  store(response: Response, url: URL) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((s) => s.trim());
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      const attribute = (key: string) => attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attribute('path') || url.pathname.replace(/\/[^/]*$/, '') || '/';
      const expires = attribute('expires');
      const gone = value === '' || attribute('max-age') === '0' || (expires !== undefined && new Date(expires).getTime() < Date.now());
      const key = `${url.host};${name};${path}`;
      if (gone) this.cookies.delete(key);
      else this.cookies.set(key, { host: url.host, name, value, path });
    }
  }

  async request(target: string, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}) {
    const url = new URL(target, this.base);
    const headers: Record<string, string> = { ...init.headers };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    this.store(response, url);
    return response;
  }

  has(name: string) {
    return [...this.cookies.values()].some((c) => c.name === name);
  }

  /** Where a redirect goes (it must be one). */
  location(response: Response) {
    const value = response.headers.get('location');
    expect(value, `expected a redirect, got ${response.status}`).toBeTruthy();
    // Relative to the page that answered (another site's, on the way through its sign-in).
    return new URL(value!, response.url || this.base);
  }
}
