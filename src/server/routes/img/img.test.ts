import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../../test-support/fake-server';
import { recordingLogger } from '../../../../test-support/recording-logger';
import { imageRoutes } from './img';
import { isPublicAddress } from './safe-address';

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Names the tests "own": what a hostile DNS answer would say. */
const zone: Record<string, string[]> = {
  'rebind.test': ['10.0.0.7'],
  'mixed.test': ['93.184.216.34', '192.168.1.1'],
  'metadata.test': ['169.254.169.254'],
  'v6local.test': ['fd00:ec2::254'],
};
const resolve = async (hostname: string) => {
  const addresses = zone[hostname];
  if (!addresses) throw new Error('NXDOMAIN');
  return addresses.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
};

const get = (app: ReturnType<typeof imageRoutes>, url: string) => app.request(`/?url=${encodeURIComponent(url)}`);

describe('address classification', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.8.9.10', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.0.10', false],
    ['169.254.169.254', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    ['100.100.100.200', false],
    ['192.0.0.192', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['93.184.216.34', true],
    ['2606:2800:220:1:248:1893:25c8:1946', true],
    ['::ffff:93.184.216.34', true],
    ['not-an-ip', false],
  ])('%s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('GET /api/img refuses', () => {
  const app = imageRoutes({ log: recordingLogger().log, resolve });
  it.each([
    ['a loopback literal', 'http://127.0.0.1:8787/api/health'],
    ['an IPv6 loopback literal', 'http://[::1]/x.png'],
    ['an IPv4-mapped loopback', 'http://[::ffff:127.0.0.1]/x.png'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a name that resolves to a private address', 'http://rebind.test/x.png'],
    ['a name with one private address among public ones', 'https://mixed.test/x.png'],
    ['a name that resolves to the metadata address', 'http://metadata.test/x.png'],
    ['a name that resolves to a unique-local IPv6 address', 'http://v6local.test/x.png'],
    ['a decimal-encoded loopback', 'http://2130706433/x.png'],
  ])('%s with 403', async (_label, url) => {
    const response = await get(app, url);
    expect(response.status).toBe(403);
    expect((await response.json()).error).toMatch(/non-public/);
  });

  it.each([
    ['no url', ''],
    ['a file url', 'file:///etc/passwd'],
    ['a url with credentials', 'http://user:pass@example.com/x.png'],
    ['not a url', 'not a url'],
  ])('%s with 400', async (_label, url) => {
    expect((await app.request(url ? `/?url=${encodeURIComponent(url)}` : '/')).status).toBe(400);
  });
});

describe('GET /api/img relays', () => {
  /** The fake image host listens on loopback, so only its exact address is let through here. */
  const withFake = () => imageRoutes({ log: recordingLogger().log, resolve, isAllowedAddress: (address) => address === '127.0.0.1' || isPublicAddress(address) });

  it('an image, with its type and a no-script CSP', async () => {
    fake = await startFakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
      response.end(png);
    });
    const response = await get(withFake(), `${fake.url}/thumb.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
  });

  it('but not a redirect to a private or metadata address', async () => {
    for (const location of ['http://169.254.169.254/latest/meta-data/', 'http://rebind.test/x.png', 'http://[::1]:8787/']) {
      fake = await startFakeServer((_request, response) => {
        response.writeHead(302, { location });
        response.end();
      });
      const response = await get(withFake(), `${fake.url}/moved.png`);
      expect(response.status, location).toBe(403);
      await fake.close();
      fake = undefined;
    }
  });

  it('but not something that is not an image, nor an SVG', async () => {
    for (const type of ['text/html', 'application/json', 'image/svg+xml']) {
      fake = await startFakeServer((_request, response) => {
        response.writeHead(200, { 'content-type': type });
        response.end('<svg onload="alert(1)"/>');
      });
      expect((await get(withFake(), `${fake.url}/x`)).status, type).toBe(415);
      await fake.close();
      fake = undefined;
    }
  });

  it('but not an image declared over 10 MB', async () => {
    fake = await startFakeServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(11 * 1024 * 1024) });
      response.end();
    });
    expect((await get(withFake(), `${fake.url}/huge.jpg`)).status).toBe(413);
  });
});
