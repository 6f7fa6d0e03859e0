/**
 * How every browser test launches the system Chromium (Debian's `chromium`; a browser is never
 * downloaded): `extraArgs` for a spec that needs more, such as a host name mapped to 127.0.0.1.
 */
export function chromiumLaunch(extraArgs: string[] = []) {
  return {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...extraArgs,
    ],
  };
}
