// Seeded PRNG for the bench corpus. Never Math.random: the same seed must give
// byte-identical output on every machine and Node version.

/** 32-bit FNV-1a of a string; used to turn (seed, index, salt) into a PRNG seed. */
export function hash32(str) {
  let h = 0x811c9dc5;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** sfc32 seeded from a string key. Returns an object of helpers around next(). */
export function createRng(key) {
  let a = hash32(`a:${key}`), b = hash32(`b:${key}`), c = hash32(`c:${key}`), d = 1;
  function next() {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  }
  for (let i = 0; i < 15; i++) next(); // mix the state
  const rng = {
    next,
    /** integer in [lo, hi] inclusive */
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (arr) => arr[Math.floor(next() * arr.length)],
    chance: (p) => next() < p,
    /** integer in [lo, hi] skewed towards lo (power > 1) */
    skewed: (lo, hi, power = 2) => lo + Math.floor(Math.pow(next(), power) * (hi - lo + 1)),
    /** picks k distinct items, order preserved as picked */
    sample: (arr, k) => {
      const copy = arr.slice();
      const out = [];
      for (let i = 0; i < k && copy.length; i++) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]);
      return out;
    },
    /** weighted pick: entries are [weight, value] */
    weighted: (entries) => {
      let total = 0;
      for (const [w] of entries) total += w;
      let r = next() * total;
      for (const [w, v] of entries) {
        if ((r -= w) < 0) return v;
      }
      return entries[entries.length - 1][1];
    },
  };
  return rng;
}
