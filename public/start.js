// A signed-in page's first requests, sent while the app's JavaScript downloads: the app's API
// client takes these responses instead of asking again (src/api/early-responses.ts). Only with
// a token the app would send itself (the local session's, or the sign-in provider's cached one)
// and only while it is valid; anything unexpected leaves the app to ask as usual.
(function () {
  try {
    var now = Date.now() / 1000;
    var expiry = function (jwt) {
      var part = jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
      return JSON.parse(atob(part + '===='.slice(part.length % 4 || 4))).exp;
    };
    var token = localStorage.getItem('AV_TOKEN');
    if (!token) {
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        if (!key || key.indexOf('@@auth0spajs@@::') !== 0 || key.indexOf('@@user@@') !== -1) continue;
        var entry = JSON.parse(localStorage.getItem(key));
        if (entry && entry.body && entry.body.access_token && entry.expiresAt > now + 60) token = entry.body.access_token;
      }
    }
    if (!token || !(expiry(token) > now + 60)) return;
    var paths = ['/api/identity/me', '/api/profile', '/api/customers/current/subscriptions?include=paymentMethod', '/api/progress'];
    var responses = {};
    for (var p = 0; p < paths.length; p++) {
      responses[paths[p]] = fetch(paths[p], { headers: { Authorization: 'Bearer ' + token }, credentials: 'include' });
      responses[paths[p]].catch(function () {});
    }
    window.__earlyResponses = { authorization: 'Bearer ' + token, sentAt: Date.now(), responses: responses };
  } catch {
    // No storage, a malformed token: the app signs in and asks as usual.
  }
})();
