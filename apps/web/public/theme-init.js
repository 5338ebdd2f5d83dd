// Mirrors src/lib/theme.ts: reads the stored mode and sets the dark class before the app loads.
(() => {
  let mode = 'system';
  try {
    mode = localStorage.getItem('theme') || 'system';
  } catch {}
  const dark = mode === 'dark' || (mode === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
