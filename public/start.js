// Runs in the page's head, before the app's JavaScript has downloaded (src/api/early-responses.ts,
// src/lib/screen-preloads.ts):
// - A signed-in page's first requests: the app's API client takes these responses instead of
//   asking again. Only with a token the app would send itself (the local session's, or the
//   sign-in provider's cached one) and only while it is valid.
// - The files of the screen the page will show (dist/screen-preloads.json, written by the build),
//   so they download alongside the app's own chunk instead of after it has run (not for a page
//   that needs a session when there is none: the visitor is sent to sign in).
// Anything unexpected leaves the app to ask as usual.
(function () {
  var token = null;
  try {
    var now = Date.now() / 1000;
    var expiry = function (jwt) {
      var part = jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      return JSON.parse(atob(part + '===='.slice(part.length % 4 || 4))).exp;
    };
    token = localStorage.getItem('AV_TOKEN');
    if (!token) {
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        if (!key || key.indexOf('@@auth0spajs@@::') !== 0 || key.indexOf('@@user@@') !== -1) continue;
        var entry = JSON.parse(localStorage.getItem(key));
        if (entry && entry.body && entry.body.access_token && entry.expiresAt > now + 60) token = entry.body.access_token;
      }
    }
    if (token && !(expiry(token) > now + 60)) token = null;
    if (token) {
      var paths = ['/api/identity/me', '/api/profile', '/api/customers/current/subscriptions?include=paymentMethod', '/api/progress'];
      var responses = {};
      for (var p = 0; p < paths.length; p++) {
        responses[paths[p]] = fetch(paths[p], { headers: { Authorization: 'Bearer ' + token }, credentials: 'include' });
        responses[paths[p]].catch(function () {});
      }
      window.__earlyResponses = { authorization: 'Bearer ' + token, sentAt: Date.now(), responses: responses };
    }
  } catch {
    // No storage, a malformed token: the app signs in and asks as usual.
    token = null;
  }
  try {
    // As src/lib/screen-preloads.ts does for the screens the app navigates to.
    var preload = function (files) {
      for (var f = 0; f < files.length; f++) {
        if (document.head.querySelector('link[href="' + files[f] + '"]')) continue;
        var link = document.createElement('link');
        var css = /\.css$/.test(files[f]);
        link.rel = css ? 'preload' : 'modulepreload';
        if (css) link.as = 'style';
        // As Vite's own links, so the stylesheet it adds later uses this download.
        link.crossOrigin = '';
        link.href = files[f];
        document.head.appendChild(link);
      }
    };
    var matches = function (pattern, path) {
      var a = pattern.split('/').filter(Boolean);
      var b = path.split('/').filter(Boolean);
      if (a.length !== b.length) return false;
      for (var s = 0; s < a.length; s++) if (a[s].charAt(0) !== ':' && a[s].toLowerCase() !== b[s].toLowerCase()) return false;
      return true;
    };
    window.__screenPreloads = fetch('/screen-preloads.json')
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (map) {
        if (!map || !map.routes) return null;
        var route = null;
        for (var r = 0; r < map.routes.length; r++) if (matches(map.routes[r].path, location.pathname)) route = route || map.routes[r];
        // Without a session a signed-in page sends the visitor to sign in: nothing of it to load.
        if (route && (token || !route.signedIn)) preload(route.files);
        // What the screen asks the API for first (src/api/early-requests.ts), `{…}` filled with the
        // address's parameter, taken by the app as the start-up responses are.
        if (route && token && window.__earlyResponses && route.requests) {
          var param = null;
          var pattern = route.path.split('/').filter(Boolean);
          var actual = location.pathname.split('/').filter(Boolean);
          for (var k = 0; k < pattern.length; k++) if (pattern[k].charAt(0) === ':') param = actual[k];
          for (var q = 0; q < route.requests.length; q++) {
            var path = route.requests[q].replace(/\{[^}]+\}/, param || '');
            if (window.__earlyResponses.responses[path]) continue;
            window.__earlyResponses.responses[path] = fetch(path, { headers: { Authorization: 'Bearer ' + token }, credentials: 'include' });
            window.__earlyResponses.responses[path].catch(function () {});
          }
          // The catalogue at its plain address: its first page, once the profile says the audience
          // the catalogue adds (src/api/early-requests.ts CATALOG_FIRST_PAGE).
          var first = route.firstPage;
          var profile = window.__earlyResponses.responses['/api/profile'];
          if (first && profile && !location.search) {
            profile
              .then(function (response) {
                return response.ok ? response.clone().json() : null;
              })
              .then(function (body) {
                if (!body || !window.__earlyResponses) return;
                var page = body.audienceId ? first.withAudience.replace(first.placeholder, encodeURIComponent(body.audienceId)) : first.withoutAudience;
                if (window.__earlyResponses.responses[page]) return;
                window.__earlyResponses.responses[page] = fetch(page, { headers: { Authorization: 'Bearer ' + token }, credentials: 'include' });
                window.__earlyResponses.responses[page].catch(function () {});
              })
              .catch(function () {});
          }
        }
        return map;
      })
      .catch(function () {
        return null;
      });
  } catch {
    // No fetch: the app loads each screen's files as it imports them.
  }
})();
