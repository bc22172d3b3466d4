/**
 * Where webhooks may be sent (checked when an endpoint is registered and again before every attempt): a public
 * web address on the default ports, https in production. Never a private, loopback, link-local, unique-local,
 * multicast or reserved address (as an IP literal in any spelling the URL parser understands), never 'localhost',
 * '*.local', '*.internal' or a one-label name, never credentials in the URL. The one exception, outside production
 * only: a loopback IP literal (127.0.0.0/8, [::1]) over http or https on any port, so tests and local development
 * can run a receiver on this machine. A name that resolves to a private address is out of reach of a deployed
 * Worker's fetch anyway; the literal forms are what a Worker could be tricked into calling.
 */

const MAX_URL_LENGTH = 2048;

const PRIVATE_NAME_SUFFIXES = [".localhost", ".local", ".internal", ".lan", ".home.arpa", ".intranet", ".corp"];

/** [first address, prefix length] of IPv4 ranges that are not the public internet. */
const PRIVATE_V4: [string, number][] = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];

function v4Number(ip: string): number | null {
  const parts = ip.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function inV4Range(ip: number, [base, bits]: [string, number]): boolean {
  const size = 2 ** (32 - bits);
  const start = v4Number(base)!;
  return ip >= start && ip < start + size;
}

const isPrivateV4 = (ip: number) => PRIVATE_V4.some((r) => inV4Range(ip, r));
const isLoopbackV4 = (ip: number) => inV4Range(ip, ["127.0.0.0", 8]);

/** The eight 16-bit groups of an IPv6 address (as the URL parser writes it, without brackets), or null. */
function v6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase();
  // An embedded dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const dotted = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4Number(dotted[2]);
    if (n === null) return null;
    text = `${dotted[1]}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function classifyV6(g: number[]): "loopback" | "private" | "public" {
  const zeroHead = g.slice(0, 5).every((x) => x === 0);
  if (zeroHead && g[5] === 0 && g[6] === 0 && g[7] === 1) return "loopback";
  if (g.every((x) => x === 0)) return "private";
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): judge the IPv4 address inside.
  if (zeroHead && (g[5] === 0xffff || g[5] === 0)) {
    const v4 = g[6] * 65536 + g[7];
    return isLoopbackV4(v4) ? "loopback" : isPrivateV4(v4) ? "private" : "public";
  }
  if ((g[0] & 0xfe00) === 0xfc00) return "private"; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return "private"; // fe80::/10 link-local
  if ((g[0] & 0xffc0) === 0xfec0) return "private"; // fec0::/10 old site-local
  if ((g[0] & 0xff00) === 0xff00) return "private"; // ff00::/8 multicast
  if (g[0] === 0x64 && g[1] === 0xff9b) return "private"; // 64:ff9b::/96 NAT64 (reaches IPv4 behind it)
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "private"; // documentation
  if (g[0] === 0x2002) return "private"; // 6to4 carries an IPv4 address we would have to judge
  return "public";
}

/** Why the URL may not receive webhooks, or null when it may. */
export function webhookUrlProblem(raw: string, environment: string): string | null {
  if (raw.length > MAX_URL_LENGTH) return "The URL is too long.";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "Enter a full URL, starting with https://";
  }
  const production = environment === "production";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "The URL must start with https://";
  if (url.username || url.password) return "The URL must not contain a user name or password.";

  const host = url.hostname.toLowerCase();
  let loopback = false;
  if (host.startsWith("[")) {
    const groups = v6Groups(host.slice(1, -1));
    if (!groups) return "The URL's address is not valid.";
    const kind = classifyV6(groups);
    if (kind === "private" || (kind === "loopback" && production)) return "Webhooks cannot be sent to a private or local address.";
    loopback = kind === "loopback";
  } else if (/^[\d.]+$/.test(host)) {
    const ip = v4Number(host);
    if (ip === null) return "The URL's address is not valid.";
    loopback = isLoopbackV4(ip);
    if ((loopback && production) || (!loopback && isPrivateV4(ip))) return "Webhooks cannot be sent to a private or local address.";
  } else {
    const name = host.replace(/\.$/, "");
    if (name === "localhost" || !name.includes(".") || PRIVATE_NAME_SUFFIXES.some((s) => name.endsWith(s))) {
      return "Webhooks cannot be sent to a private or local address.";
    }
  }

  // Outside production, a receiver on this machine (tests, local development) is the one exception.
  if (loopback) return null;
  if (production && url.protocol !== "https:") return "The URL must start with https://";
  if (url.port !== "" && url.port !== "443" && url.port !== "80") return "Use the standard port (443 for https).";
  return null;
}
