/** Deterministic pseudo-random numbers from a seed (mulberry32), so posters are stable. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const palettes: ReadonlyArray<readonly [string, string, string]> = [
  ['#1a0b2e', '#7b2ff7', '#f107a3'],
  ['#0b1d2e', '#0575e6', '#00f260'],
  ['#2b0a0a', '#e52d27', '#ffb347'],
  ['#0a1f1a', '#11998e', '#38ef7d'],
  ['#1c1030', '#fc466b', '#3f5efb'],
  ['#101820', '#f7971e', '#ffd200'],
  ['#0f0c29', '#302b63', '#24c6dc'],
  ['#200122', '#6f0000', '#ff6a88'],
];

/**
 * A concert poster made without the network or any font: a gradient, stage light beams and
 * bokeh circles, different for every seed. Titles are drawn by the web app, not baked in.
 */
export async function renderPoster(seed: number): Promise<Buffer> {
  const rand = random(seed * 7919 + 17);
  const [deep, mid, hot] = palettes[seed % palettes.length] ??
    palettes[0] ?? ['#000', '#333', '#fff'];
  const width = 600;
  const height = 840;
  const beams = Array.from({ length: 5 }, (_, i) => {
    const x = 60 + rand() * 480;
    const spread = 60 + rand() * 120;
    const opacity = (0.12 + rand() * 0.18).toFixed(2);
    return `<polygon points="${x},0 ${x - spread},${height} ${x + spread},${height}" fill="url(#beam)" opacity="${opacity}" transform="rotate(${(rand() * 30 - 15).toFixed(1)} ${x} 0)" data-i="${i}"/>`;
  }).join('');
  const bokeh = Array.from({ length: 26 }, () => {
    const r = 6 + rand() * 46;
    const color = rand() > 0.5 ? hot : mid;
    return `<circle cx="${(rand() * width).toFixed(0)}" cy="${(rand() * height * 0.7).toFixed(0)}" r="${r.toFixed(0)}" fill="${color}" opacity="${(0.08 + rand() * 0.3).toFixed(2)}"/>`;
  }).join('');
  const crowd = Array.from({ length: 40 }, (_, i) => {
    const x = (i / 40) * width + rand() * 10;
    const h = 40 + rand() * 70;
    return `<ellipse cx="${x.toFixed(0)}" cy="${height}" rx="${(10 + rand() * 12).toFixed(0)}" ry="${h.toFixed(0)}" fill="#050505"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1">
        <stop offset="0" stop-color="${deep}"/><stop offset="0.6" stop-color="${mid}"/><stop offset="1" stop-color="${deep}"/>
      </linearGradient>
      <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#ffffff" stop-opacity="0.9"/><stop offset="1" stop-color="${hot}" stop-opacity="0"/>
      </linearGradient>
      <radialGradient id="glow" cx="0.5" cy="0.78" r="0.5">
        <stop offset="0" stop-color="${hot}" stop-opacity="0.75"/><stop offset="1" stop-color="${hot}" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    ${beams}${bokeh}
    <rect width="${width}" height="${height}" fill="url(#glow)"/>
    <rect x="0" y="${height * 0.8}" width="${width}" height="6" fill="${hot}" opacity="0.7"/>
    ${crowd}
  </svg>`;
  // Loaded here, not at start: only seeding draws posters, and sharp takes ~0.25 s to import.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}
