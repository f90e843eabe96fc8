/* global window, document */
// Runs before the app loads so a dark theme never flashes white. Mirrors src/features/theme/theme.ts.
(function () {
  try {
    var stored = localStorage.getItem('color-theme');
    var dark =
      stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch {
    // Storage blocked: keep the light default until the app applies the theme.
  }
})();
