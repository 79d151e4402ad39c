// Durable storage of saved games and settings: IndexedDB through the `idb` wrapper
// (vendored from npm into ./vendor/idb.js by scripts/build.py), every write in a
// transaction with strict durability, so a move is on disk before it is reported saved.
//
// The app's Python layer keeps a copy in memory (loaded once at start) and writes through:
//   open()              -> {backend, entries, legacy, writable, error, persisted}   (cached)
//   put(key, value)     -> Promise, resolves once committed (rejects with a readable Error)
//   remove(key)         -> Promise, likewise
//   idle()              -> Promise, resolves when no write is waiting or running
//   dropLegacy(keys)    -> removes migrated keys from localStorage
//   onExternal(fn)      -> fn([[key, value|null], ...]) when another tab of the app commits
//   exportAll()         -> {name, text}: every stored record (IndexedDB and localStorage) as JSON
//   resetAll()          -> deletes every record of the app (IndexedDB and localStorage "tb:" keys)
// shell.js imports this module at page load (so the database opens while Python starts) and
// uses exportAll/resetAll in the boot-error panel, which must work when Python cannot start.
//
// Backends, in order: "indexeddb"; "localStorage" (only when IndexedDB cannot be opened at all);
// "memory" (nothing persists; the app says so). Keys and values are strings ("tb:save:<id>",
// "tb:saves", "tb:current", "tb:settings"), the same as the app used in localStorage before,
// whose "tb:" keys open() hands over as `legacy` for the app to migrate.
import { deleteDB, openDB } from "./vendor/idb.js";

const DB_NAME = "time-and-barons";
const STORE = "kv";
const PREFIX = "tb:";
const BACKUP_FORMAT = "time-and-barons-backup";
const STRICT = { durability: "strict" };
const OPEN_TIMEOUT_MS = 15000;

let opened = null; // the cached open() promise
let backend = "memory";
let dbPromise = null;
let queue = []; // writes waiting for the next transaction: {key, value, resolve, reject}
let running = 0; // transactions in flight
let idleWaiters = [];
let askedPersist = false;
const externalListeners = [];
const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("tb-storage") : null;
if (channel) {
  channel.onmessage = (e) => {
    const changes = Array.isArray(e.data) ? e.data : [];
    for (const fn of externalListeners) {
      try {
        fn(changes);
      } catch (err) {
        console.warn("storage listener failed:", err);
      }
    }
  };
}

const describe = (err) => {
  if (!err) return "unknown error";
  if (err.name === "QuotaExceededError") return "the device's storage for this app is full";
  return `${err.name || "Error"}: ${err.message || err}`;
};
const readable = (err) => new Error(describe(err));

const localStorageOrNull = () => {
  try {
    const ls = globalThis.localStorage;
    ls.getItem(PREFIX + "probe"); // throws where storage is disabled
    return ls;
  } catch {
    return null;
  }
};

const legacyEntries = (ls) => {
  const out = [];
  if (!ls) return out;
  for (let i = 0; i < ls.length; i++) {
    const k = ls.key(i);
    if (typeof k === "string" && k.startsWith(PREFIX)) {
      const v = ls.getItem(k);
      if (typeof v === "string") out.push([k, v]);
    }
  }
  return out;
};

const withTimeout = (promise, ms, what) =>
  Promise.race([
    promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`${what} did not answer in ${ms / 1000} s`)), ms)),
  ]);

function connect() {
  if (!dbPromise) {
    dbPromise = openDB(DB_NAME, 1, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
      },
      blocking(_old, _new, event) {
        // Another tab wants to delete or upgrade the database: let it.
        event.target.close();
        dbPromise = null;
      },
      terminated() {
        dbPromise = null;
      },
    });
    dbPromise.catch(() => {
      dbPromise = null;
    });
  }
  return dbPromise;
}

async function requestPersistence() {
  if (askedPersist) return;
  askedPersist = true;
  try {
    if (navigator.storage && navigator.storage.persist && !(await navigator.storage.persisted())) {
      await navigator.storage.persist();
    }
  } catch {
    /* not offered by this browser: storage stays "best effort" */
  }
}

async function openIndexedDB() {
  if (typeof indexedDB === "undefined") throw new Error("IndexedDB is not available");
  const db = await withTimeout(connect(), OPEN_TIMEOUT_MS, "IndexedDB");
  const keys = await db.getAllKeys(STORE);
  const values = await db.getAll(STORE);
  const entries = [];
  let foreign = 0;
  keys.forEach((k, i) => {
    if (typeof k === "string" && typeof values[i] === "string") entries.push([k, values[i]]);
    else foreign += 1; // not written by this app: left alone, but exported by exportAll()
  });
  // Can we still write? (A full device refuses even this small transaction.)
  let writable = true;
  let error = null;
  try {
    const tx = db.transaction(STORE, "readwrite", STRICT);
    tx.store.put(String(Date.now()), PREFIX + "probe");
    tx.store.delete(PREFIX + "probe");
    await tx.done;
  } catch (err) {
    writable = false;
    error = describe(err);
  }
  return { entries, writable, error, foreign };
}

async function doOpen() {
  const ls = localStorageOrNull();
  let persisted = false;
  try {
    persisted = !!(navigator.storage && navigator.storage.persisted && (await navigator.storage.persisted()));
  } catch {
    /* unknown */
  }
  try {
    const r = await openIndexedDB();
    backend = "indexeddb";
    return { backend, persisted, legacy: legacyEntries(ls), ...r };
  } catch (err) {
    const why = describe(err);
    if (ls) {
      backend = "localStorage";
      let writable = true;
      let error = why;
      try {
        ls.setItem(PREFIX + "probe", "1");
        ls.removeItem(PREFIX + "probe");
      } catch (e) {
        writable = false;
        error = describe(e);
      }
      return { backend, persisted, legacy: [], entries: legacyEntries(ls), writable, error, foreign: 0 };
    }
    backend = "memory";
    return { backend, persisted: false, legacy: [], entries: [], writable: false, error: why, foreign: 0 };
  }
}

/** Open the storage once (later calls return the same promise). */
export function open() {
  if (!opened) opened = doOpen();
  return opened;
}

function settleIdle() {
  if (running === 0 && queue.length === 0) {
    const waiters = idleWaiters;
    idleWaiters = [];
    waiters.forEach((w) => w());
  }
}

async function flush() {
  const batch = queue;
  queue = [];
  if (!batch.length) return settleIdle();
  running += 1;
  try {
    await open(); // a write made before the storage was open waits for its backend
    if (backend === "indexeddb") {
      const db = await connect();
      const tx = db.transaction(STORE, "readwrite", STRICT);
      for (const op of batch) {
        if (op.value === null) tx.store.delete(op.key);
        else tx.store.put(op.value, op.key);
      }
      await tx.done;
    } else if (backend === "localStorage") {
      const ls = globalThis.localStorage;
      for (const op of batch) {
        if (op.value === null) ls.removeItem(op.key);
        else ls.setItem(op.key, op.value);
      }
    }
    // memory: nothing to do (the app keeps the data and says it is not kept)
    batch.forEach((op) => op.resolve());
    if (channel && backend !== "memory") {
      try {
        channel.postMessage(batch.map((op) => [op.key, op.value]));
      } catch {
        /* another tab will see the data on its next start */
      }
    }
  } catch (err) {
    const e = readable(err);
    batch.forEach((op) => op.reject(e));
  } finally {
    running -= 1;
    settleIdle();
  }
}

function enqueue(key, value) {
  return new Promise((resolve, reject) => {
    if (!queue.length) queueMicrotask(flush); // every write of one task: one transaction
    queue.push({ key: String(key), value: value === null ? null : String(value), resolve, reject });
    requestPersistence();
  });
}

/** Write `value` (a string) under `key`; resolves once durably committed. */
export const put = (key, value) => enqueue(key, value);
/** Delete `key`; resolves once durably committed. */
export const remove = (key) => enqueue(key, null);

/** Resolves when every write so far has been committed or has failed. */
export function idle() {
  return new Promise((resolve) => {
    idleWaiters.push(resolve);
    settleIdle();
  });
}

/** Remove keys from localStorage (after the app migrated them into IndexedDB). */
export function dropLegacy(keys) {
  const ls = localStorageOrNull();
  if (!ls || backend !== "indexeddb") return;
  for (const k of keys) ls.removeItem(String(k));
}

/** Call fn(changes) whenever another tab of this app commits writes. */
export function onExternal(fn) {
  externalListeners.push(fn);
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);

/**
 * Every record this app stored on the device, as a backup file the app can import:
 * {"format": "time-and-barons-backup", "version": 1, "exported": ISO time,
 *  "stores": {"indexeddb": {key: value}, "localStorage": {key: value}}, "unreadable": [...]}.
 * Works without Python (the boot-error panel uses it).
 */
export async function exportAll() {
  const stores = { indexeddb: {}, localStorage: {} };
  const unreadable = [];
  try {
    const db = await withTimeout(connect(), OPEN_TIMEOUT_MS, "IndexedDB");
    const keys = await db.getAllKeys(STORE);
    const values = await db.getAll(STORE);
    keys.forEach((k, i) => {
      const v = values[i];
      if (typeof v === "string") stores.indexeddb[String(k)] = v;
      else {
        let text = null;
        try {
          text = JSON.stringify(v);
        } catch {
          /* not JSON */
        }
        unreadable.push({ store: "indexeddb", key: String(k), value: text ?? String(v) });
      }
    });
  } catch (err) {
    unreadable.push({ store: "indexeddb", error: describe(err) });
  }
  for (const [k, v] of legacyEntries(localStorageOrNull())) stores.localStorage[k] = v;
  const backup = { format: BACKUP_FORMAT, version: 1, exported: new Date().toISOString(), stores, unreadable };
  return { name: `time-and-barons-backup-${stamp()}.json`, text: JSON.stringify(backup) };
}

/** Delete every record of this app on this device (IndexedDB and localStorage "tb:" keys). */
export async function resetAll() {
  const errors = [];
  try {
    const db = await withTimeout(connect(), OPEN_TIMEOUT_MS, "IndexedDB");
    const tx = db.transaction(STORE, "readwrite", STRICT);
    tx.store.clear();
    await tx.done;
  } catch (err) {
    // The database itself may be what is broken: delete it whole.
    try {
      if (dbPromise) (await dbPromise.catch(() => null))?.close();
      dbPromise = null;
      await withTimeout(deleteDB(DB_NAME), OPEN_TIMEOUT_MS, "IndexedDB");
    } catch (err2) {
      errors.push(describe(err2 || err));
    }
  }
  const ls = localStorageOrNull();
  if (ls) {
    for (const [k] of legacyEntries(ls)) ls.removeItem(k);
  }
  if (errors.length) throw new Error(errors.join("; "));
}
