// A table across phones (issue 27): the link between the host phone and one guest phone, a WebRTC
// data channel with no server at all. No STUN or TURN (iceServers: []): the phones find each other
// by their addresses on the local network (a Wi-Fi or one phone's hotspot). Each side's session
// description is squeezed into a short code that the other side scans as a QR code or pastes as
// text; no signalling server carries it.
//
//   host:  const offer = await offerLink();            show offer.code
//   guest: const answer = await answerLink(hostCode);  show answer.code; const link = await answer.link
//   host:  const link = await offer.accept(guestCode)
//   both:  link.send(text); link.onmessage = (text) => ...; link.onclose = () => ...; link.close()
//
// The host's protocol over a link (what a guest may receive and send) is py_engine/core/host.py.

/** The version tag every code starts with. */
export const CODE_PREFIX = "TB1";
/** How long a side waits for the other, by default (ms): then it says what failed. */
export const CONNECT_TIMEOUT_MS = 20000;
const GATHER_TIMEOUT_MS = 4000;
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

  constructor(pc, channel) {
    this.pc = pc;
    this.channel = channel;
    const close = () => {
      if (!this.#closed) {
        this.#closed = true;
        if (this.#onclose) this.#onclose();
      }
    };
    channel.addEventListener("message", (e) => {
      if (this.#onmessage) this.#onmessage(String(e.data));
      else this.#early.push(String(e.data));
    });
    channel.addEventListener("close", close);
    pc.addEventListener("connectionstatechange", () => {
      if (["failed", "closed", "disconnected"].includes(pc.connectionState)) close();
    });
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

  /** @param {() => void} fn called once when the link closes, from either side or a lost network */
  set onclose(fn) {
    this.#onclose = fn;
    if (this.#closed) fn();
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
function opened(pc, channelPromise, timeoutMs) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pc.close();
      reject(new LinkError("The other phone could not be reached. Both phones must be on the same Wi-Fi or "
                           + "hotspot, and some networks (public Wi-Fi) keep phones apart: play on one phone instead."));
    }, timeoutMs);
    channelPromise.then((channel) => {
      const done = () => {
        clearTimeout(timer);
        resolve(new Link(pc, channel));
      };
      if (channel.readyState === "open") done();
      else channel.addEventListener("open", done, { once: true });
    });
  });
}

/**
 * The host's side: a new link's offer. Show ``code``; ``accept(guestCode)`` resolves with the
 * link once the guest's answer is in and the channel is open.
 * @param {{timeoutMs?: number}} [options]
 * @returns {Promise<{code: string, accept: (code: string) => Promise<Link>, cancel: () => void}>}
 */
export async function offerLink({ timeoutMs = CONNECT_TIMEOUT_MS } = {}) {
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
      return opened(pc, Promise.resolve(channel), timeoutMs);
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
