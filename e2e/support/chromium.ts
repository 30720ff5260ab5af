/**
 * How the journeys and the screens launch Debian's Chromium (a tool's own browser download cannot
 * work on these machines).
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium takes only the last --disable-features it is given, so this one repeats the features
 * Playwright 1.65 disables and adds the omnibox's WebUI popups: headless Chromium 156 made two for
 * every new browser context, each in a renderer process of its own, which cost four times the CPU
 * of the page itself on the 2-core machine (docs/decisions/0047).
 */
const DISABLED_FEATURES = [
  // Playwright's own list.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // The address bar's popups, which a headless page never shows.
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

/** As the machine's probe starts it: no sandbox (root), no GPU, no network but loopback. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];

export function chromiumLaunchOptions(extraArgs: string[] = []) {
  return { executablePath: CHROMIUM, args: [...ARGS, ...extraArgs] };
}
