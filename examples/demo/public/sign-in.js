// The fragment of the page a user was sent here from (`/albums#view=3`) never reaches the server:
// the form carries it in `next`, so that signing in lands on that very address. The server still
// takes `next` only as a path on this site.
const next = document.querySelector('form input[name="next"]');
if (next && window.location.hash.length > 1 && !next.value.includes('#')) {
  next.value += window.location.hash;
}
