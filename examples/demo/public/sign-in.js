// The fragment of the page a user was sent here from (`/albums#view=3`) never reaches the server:
// the form carries it in `next`, so that signing in lands on that very address. The server still
// takes `next` only as a path on this site.
const next = document.querySelector('form input[name="next"]');
if (next && window.location.hash.length > 1 && !next.value.includes('#')) {
  next.value += window.location.hash;
}

// The language switch keeps the fragment as well, for the form of the page it opens.
document.querySelector('.language-switch')?.addEventListener('click', (event) => {
  const link = event.target.closest('a[href]');
  if (link && window.location.hash.length > 1) link.hash = window.location.hash;
});
