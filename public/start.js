// Runs in the page's head, before the app's JavaScript has downloaded (src/api/early-responses.ts,
// src/lib/screen-preloads.ts):
// - A signed-in page's first requests (GET /identity/start: the user, profile, subscriptions and
//   progress in one; then the screen's own): the app's API client takes these responses instead
//   of asking again. Only with a token the app would send itself (the local session's, or the
//   sign-in provider's cached one) and only while it is valid.
// - The files of the screen the page will show (dist/screen-preloads.json, written by the build),
//   so they download alongside the app's own chunk instead of after it has run (not for a page
//   that needs a session when there is none: the visitor is sent to sign in).
// Anything unexpected leaves the app to ask as usual.
(function () {
  var token = null;
  // Sends a GET with the token once; the app's API client takes its response (early-responses.ts).
  // Not when the app has already sent it itself (its JavaScript ran first: `asked`).
  var send = function (path) {
    var responses = window.__earlyResponses.responses;
    var asked = window.__earlyResponses.asked;
    if (responses[path] || (asked && asked[path])) return;
    responses[path] = fetch(path, { headers: { Authorization: 'Bearer ' + token }, credentials: 'include' });
    responses[path].catch(function () {});
  };
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
      window.__earlyResponses = { authorization: 'Bearer ' + token, sentAt: Date.now(), responses: {} };
      // The user with the profile, subscriptions and progress, in one response (GET /identity/start).
      send('/api/identity/start');
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
    // The largest picture the screen shows at its top (scripts/early-requests.ts LARGEST_PICTURE),
    // asked for as soon as the early response at `path` says which it is, while the app's
    // JavaScript still downloads: the thumbnail of its first item in `picture.list`, or the poster
    // of the item's video (`picture.video`), the video asked for as the screen would ask for it.
    var preloadPicture = function (path, picture) {
      var early = window.__earlyResponses;
      var response = early && early.responses[path];
      if (!response) return;
      var json = function (r) {
        return r && r.ok ? r.clone().json() : null;
      };
      response
        .then(json)
        .then(function (body) {
          if (!body) return null;
          if (picture.list) return body[picture.list] && body[picture.list][0] ? body[picture.list][0].thumbnailUrl : null;
          // Only while the app has neither taken the item's response nor asked for the item itself
          // (nor started a set of its own): then it asks for the video itself.
          if (body.resourceType !== 'LEARNING_OBJECT' || !body.hasVideo) return null;
          if (window.__earlyResponses !== early || early.responses[path] !== response || (early.asked && early.asked[path])) return null;
          var video = picture.video.replace(/\{[^}]+\}/, encodeURIComponent(body.id));
          send(video);
          var sent = early.responses[video];
          if (!sent) return null;
          return sent.then(json).then(function (source) {
            return source && source.posterUrl;
          });
        })
        .then(function (url) {
          if (typeof url !== 'string' || !url || document.head.querySelector('link[rel="preload"][as="image"]')) return;
          var link = document.createElement('link');
          link.rel = 'preload';
          link.as = 'image';
          link.href = url;
          link.setAttribute('fetchpriority', 'high');
          document.head.appendChild(link);
        })
        .catch(function () {});
    };
    // The route's parameter in the path ('' for a route without one), or null when it does not match.
    var match = function (pattern, path) {
      var a = pattern.split('/').filter(Boolean);
      var b = path.split('/').filter(Boolean);
      if (a.length !== b.length) return null;
      var param = '';
      for (var s = 0; s < a.length; s++) {
        if (a[s].charAt(0) === ':') param = b[s];
        else if (a[s].toLowerCase() !== b[s].toLowerCase()) return null;
      }
      return param;
    };
    window.__screenPreloads = fetch('/screen-preloads.json')
      .then(function (response) {
        return response.ok ? response.json() : null;
      })
      .then(function (map) {
        if (!map || !map.routes) return null;
        var route = null;
        var param = null;
        for (var r = 0; r < map.routes.length && !route; r++) {
          param = match(map.routes[r].path, location.pathname);
          if (param !== null) route = map.routes[r];
        }
        // Without a session a signed-in page sends the visitor to sign in: nothing of it to load.
        if (route && (token || !route.signedIn)) preload(route.files);
        // What the screen asks the API for first (scripts/early-requests.ts), `{…}` filled with the
        // address's parameter, taken by the app as the start-up responses are.
        if (route && token && window.__earlyResponses && route.requests) {
          for (var q = 0; q < route.requests.length; q++) send(route.requests[q].replace(/\{[^}]+\}/, param));
          var picture = route.picture;
          if (picture && picture.request !== 'firstPage') preloadPicture(picture.request.replace(/\{[^}]+\}/, param), picture);
          // The catalogue at its plain address: its first page, once the profile says the audience
          // the catalogue adds (scripts/early-requests.ts CATALOG_FIRST_PAGE).
          var first = route.firstPage;
          var startUp = window.__earlyResponses.responses['/api/identity/start'];
          if (first && startUp && !location.search) {
            startUp
              .then(function (response) {
                return response.ok ? response.clone().json() : null;
              })
              .then(function (body) {
                var profile = body && body.profile && body.profile.status === 200 ? body.profile.data : null;
                if (!profile || !window.__earlyResponses) return;
                var path = profile.audienceId ? first.withAudience.replace(first.placeholder, encodeURIComponent(profile.audienceId)) : first.withoutAudience;
                send(path);
                if (picture && picture.request === 'firstPage') preloadPicture(path, picture);
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
