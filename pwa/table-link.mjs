// A table across phones (issue 27): the link between the host phone and one guest phone, a WebRTC
// data channel with no server at all. No STUN or TURN (iceServers: []): the phones find each other
// by their addresses on the local network (a Wi-Fi or one phone's hotspot). Each side's session
// description is squeezed into a short code that the other side scans as a QR code or pastes as
// text; no signalling server carries it.
//
//   host:  const offer = await offerLink();            show offer.code
//   guest: const answer = await answerLink(hostCode);  show answer.code; const link = await answer.link
//   host:  const link = await offer.accept(guestCode)
//   both:  link.send(text); link.onmessage = (text) => ...; link.onclose = (reason) => ...; link.close()
//
// A host's link has a message budget (a player taps a few times a second at most): a guest that
// sends more is cut off, and the host's onclose hears "flood" (issue 47). A code names only
// addresses of the local network (private, link-local, loopback, or an mDNS ".local" name):
// anything else is refused, since phones at a table never talk across the internet.
//
// The host's protocol over a link (what a guest may receive and send) is py_engine/core/host.py.

/** The version tag every code starts with. */
export const CODE_PREFIX = "TB1";
/** How long a side waits for the other, by default (ms): then it says what failed. */
export const CONNECT_TIMEOUT_MS = 20000;
const GATHER_TIMEOUT_MS = 4000;
/** A host's link: messages a guest may send at once, and how many more per second (a token bucket). */
export const MESSAGE_BURST = 40;
export const MESSAGES_PER_SECOND = 10;
/** Why a link closed itself: the other side sent more than its budget. */
export const FLOOD = "flood";
const SETUP = { actpass: "s", active: "a", passive: "p" };
const SETUP_BACK = { s: "actpass", a: "active", p: "passive" };

/**
 * An error a player can read, for the table's screens. ``retry``: the other phone's code could not
 * be read, and the same invitation takes another code (nothing was spent on the wrong one).
 */
export class LinkError extends Error {
  name = "LinkError";
  retry = false;
}

const b64url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const unb64url = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/**
 * True for an address a phone at the same table may have: IPv4 private (10/8, 172.16/12,
 * 192.168/16), link-local (169.254/16), loopback (127/8) or shared (100.64/10, some hotspots);
 * IPv6 loopback, link-local (fe80::/10) or unique local (fc00::/7); an mDNS name ending in
 * ".local" (the browser's stand-in for a host address).
 * @param {string} host an address or name, IPv6 without brackets
 * @returns {boolean}
 */
export function isLocalAddress(host) {
  const h = String(host).toLowerCase();
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)*\.local$/.test(h)) return true;
  const v4 = h.match(/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    if ([a, b, c, d].some((x) => x > 255)) return false;
    return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
      || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
  }
  if (!/^[0-9a-f:.]+$/.test(h) || !h.includes(":")) return false;
  if (h === "::1") return true;
  const first = parseInt(h.split(":")[0] || "0", 16);
  return (first & 0xffc0) === 0xfe80 || (first & 0xfe00) === 0xfc00;
}

/**
 * The parts of a session description that a data channel needs, as one short line of text:
 * "TB1|<o or a>|<ice-ufrag>|<ice-pwd>|<sha-256 fingerprint, base64url>|<setup>|<host:port,...>".
 * Offers and answers of a data channel differ only in these; everything else is the same text.
 * @param {{type: "offer" | "answer", sdp: string}} desc
 * @returns {string}
 * @throws {LinkError} when the description lacks ICE credentials, a fingerprint or a candidate
 */
export function encodeDescription(desc) {
  const line = (name) => (desc.sdp.match(new RegExp(`^a=${name}:(.+)$`, "m")) || [])[1];
  const ufrag = line("ice-ufrag");
  const pwd = line("ice-pwd");
  const fp = (desc.sdp.match(/^a=fingerprint:sha-256 ([0-9A-Fa-f:]+)$/m) || [])[1];
  const setup = SETUP[line("setup")];
  const candidates = [...desc.sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/gm)]
    .filter(([, host]) => isLocalAddress(host)) // a phone's public addresses reach no phone at its table
    .map(([, host, port]) => `${host.includes(":") ? `[${host}]` : host}:${port}`);
  if (!ufrag || !pwd || !fp || !setup || !candidates.length) {
    throw new LinkError("This phone found no address on the local network to offer: is Wi-Fi on?");
  }
  const fingerprint = b64url(fp.split(":").map((h) => parseInt(h, 16)));
  return [CODE_PREFIX, desc.type === "offer" ? "o" : "a", ufrag, pwd, fingerprint, setup, candidates.join(",")].join("|");
}

/**
 * A session description from encodeDescription's code.
 * @param {string} code
 * @param {"offer" | "answer"} expected which kind of code this side needs
 * @returns {{type: "offer" | "answer", sdp: string}}
 * @throws {LinkError} for text that is not such a code, or the other kind
 */
export function decodeDescription(code, expected) {
  const parts = String(code).trim().split("|");
  const [prefix, kind, ufrag, pwd, fingerprint, setup, hosts] = parts;
  const type = kind === "o" ? "offer" : kind === "a" ? "answer" : null;
  const ice = /^[A-Za-z0-9+/]{4,256}$/;
  let fp;
  try {
    fp = [...unb64url(fingerprint || "")];
  } catch {
    fp = [];
  }
  const candidates = (hosts || "").split(",").map((h) => h.match(/^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/));
  if (parts.length !== 7 || prefix !== CODE_PREFIX || !type || !ice.test(ufrag) || !ice.test(pwd)
      || fp.length !== 32 || !SETUP_BACK[setup] || !candidates.length || candidates.some((c) => !c)) {
    throw new LinkError("That is not a table code of this app.");
  }
  if (type !== expected) {
    throw new LinkError(expected === "offer" ? "That is a guest's code: scan the host's code instead."
                                             : "That is a host's code: scan the guest's code instead.");
  }
  const outside = candidates.map(([, host]) => host.replace(/^\[|\]$/g, "")).find((host) => !isLocalAddress(host));
  if (outside !== undefined) {
    throw new LinkError(`That code names an address outside the local network (${outside}): phones at a table `
                        + "talk only over the same Wi-Fi or hotspot, so this app does not connect to it.");
  }
  const port = candidates[0][2];
  const sdp = [
    "v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    `m=application ${port} UDP/DTLS/SCTP webrtc-datachannel`, "c=IN IP4 0.0.0.0",
    ...candidates.map(([, host, p], i) => `a=candidate:${i + 1} 1 udp ${2113937151 - i} ${host.replace(/^\[|\]$/g, "")} ${p} typ host generation 0`),
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`,
    `a=fingerprint:sha-256 ${fp.map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":")}`,
    `a=setup:${SETUP_BACK[setup]}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
  ].join("\r\n");
  return { type, sdp };
}

/** Resolves when the connection has gathered its candidates (or after a few seconds, with those). */
function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const timer = setTimeout(resolve, GATHER_TIMEOUT_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        resolve();
      }
    });
  });
}

/**
 * One open link: text messages both ways. Messages that arrive before ``onmessage`` is set are
 * kept and handed to it when it is (the other side may send as soon as the channel opens, before
 * this side's code has taken the link); a close before ``onclose`` is set is reported when it is.
 */
class Link {
  #onmessage = null;
  #onclose = null;
  #early = [];
  #closed = false;
  #reason = undefined;
  #tokens = 0;
  #at = 0;

  /**
   * @param {RTCPeerConnection} pc
   * @param {RTCDataChannel} channel
   * @param {{burst: number, perSecond: number} | null} budget messages the other side may send
   *   (null: no limit); past it the link closes itself with the reason FLOOD
   */
  constructor(pc, channel, budget = null) {
    this.pc = pc;
    this.channel = channel;
    this.budget = budget;
    this.#tokens = budget ? budget.burst : 0;
    this.#at = performance.now();
    const close = (reason) => {
      if (!this.#closed) {
        this.#closed = true;
        this.#reason = reason;
        if (this.#onclose) this.#onclose(reason);
      }
    };
    this.#flood = () => {
      close(FLOOD);
      this.close();
    };
    channel.addEventListener("message", (e) => {
      if (this.#closed) return;
      if (this.budget && !this.#spend()) {
        this.#flood();
        return;
      }
      if (this.#onmessage) this.#onmessage(String(e.data));
      else this.#early.push(String(e.data));
    });
    channel.addEventListener("close", close);
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed", "disconnected"].includes(pc.connectionState)) close();
    });
  }

  #flood = null;

  /** One message's token, if the budget has one left (refilled at the budget's rate). */
  #spend() {
    const now = performance.now();
    this.#tokens = Math.min(this.budget.burst, this.#tokens + ((now - this.#at) / 1000) * this.budget.perSecond);
    this.#at = now;
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** @param {(text: string) => void} fn called with each message, those that came before it first */
  set onmessage(fn) {
    this.#onmessage = fn;
    const early = this.#early;
    this.#early = [];
    for (const text of early) fn(text);
  }

  get onmessage() {
    return this.#onmessage;
  }

  /**
   * @param {(reason?: string) => void} fn called once when the link closes, from either side or a
   *   lost network; with FLOOD when the other side sent past its budget
   */
  set onclose(fn) {
    this.#onclose = fn;
    if (this.#closed) fn(this.#reason);
  }

  get onclose() {
    return this.#onclose;
  }

  /** @param {string} text */
  send(text) {
    this.channel.send(text);
  }

  /** Closes the link; the other side's onclose follows at once. */
  close() {
    this.channel.close();
    this.pc.close();
  }
}

/** Resolves with the open link, or rejects with a LinkError after ``timeoutMs``. */
function opened(pc, channelPromise, timeoutMs, budget = null) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pc.close();
      reject(new LinkError("The other phone could not be reached. Both phones must be on the same Wi-Fi or "
                           + "hotspot, and some networks (public Wi-Fi) keep phones apart: play on one phone instead."));
    }, timeoutMs);
    channelPromise.then((channel) => {
      const done = () => {
        clearTimeout(timer);
        resolve(new Link(pc, channel, budget));
      };
      if (channel.readyState === "open") done();
      else channel.addEventListener("open", done, { once: true });
    });
  });
}

/**
 * The host's side: a new link's offer. Show ``code``; ``accept(guestCode)`` resolves with the
 * link once the guest's answer is in and the channel is open. ``budget``: what the guest may send
 * (MESSAGE_BURST at once, MESSAGES_PER_SECOND more each second; null: no limit).
 * @param {{timeoutMs?: number, budget?: {burst: number, perSecond: number} | null}} [options]
 * @returns {Promise<{code: string, accept: (code: string) => Promise<Link>, cancel: () => void}>}
 */
export async function offerLink({ timeoutMs = CONNECT_TIMEOUT_MS,
                                  budget = { burst: MESSAGE_BURST, perSecond: MESSAGES_PER_SECOND } } = {}) {
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = pc.createDataChannel("table", { ordered: true });
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const code = encodeDescription(pc.localDescription);
  return {
    code,
    async accept(guestCode) {
      let answer;
      try {
        answer = decodeDescription(guestCode, "answer");
      } catch (e) {
        e.retry = true; // a mistyped or wrong code: the invitation still stands
        throw e;
      }
      await pc.setRemoteDescription(answer);
      return opened(pc, Promise.resolve(channel), timeoutMs, budget);
    },
    cancel: () => pc.close(),
  };
}

/**
 * The guest's side: the answer to a host's code. Show ``code`` to the host; ``link`` resolves
 * once the host has taken it and the channel is open (rejects with a LinkError after a timeout).
 * @param {string} hostCode
 * @param {{timeoutMs?: number}} [options]
 * @returns {Promise<{code: string, link: Promise<Link>, cancel: () => void}>}
 */
export async function answerLink(hostCode, { timeoutMs = CONNECT_TIMEOUT_MS } = {}) {
  const offer = decodeDescription(hostCode, "offer");
  const pc = new RTCPeerConnection({ iceServers: [] });
  const channel = new Promise((resolve) => pc.addEventListener("datachannel", (e) => resolve(e.channel), { once: true }));
  await pc.setRemoteDescription(offer);
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  const link = opened(pc, channel, timeoutMs);
  link.catch(() => {}); // handled where the caller awaits it
  return { code: encodeDescription(pc.localDescription), link, cancel: () => pc.close() };
}
