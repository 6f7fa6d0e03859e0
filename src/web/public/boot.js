// The theme before the first paint: index.html says why.
(function () {
  var settings = {};
  try {
    settings = JSON.parse(localStorage.getItem('kotonoha.settings') || '{}') || {};
  } catch (error) {
    settings = {};
  }
  var dark = settings.theme === 'dark' || (settings.theme === 'system' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
  if (/[?&]sidebar=hidden(&|$)/.test(location.search)) root.setAttribute('data-boot-sidebar', 'hidden');
})();
