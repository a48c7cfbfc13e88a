/**
 * Pictures for the puzzle's picture mode: a built-in one drawn procedurally (an SVG landscape,
 * no download), and the player's own image, cropped to a square and shrunk so it fits in the
 * browser's storage.
 */

/** The built-in picture as a data: URL: a sunset over hills, with shapes in every region. */
export function builtinPicture(): string {
  const stars = Array.from({ length: 24 }, (_, i) => {
    // A fixed scatter (no randomness): golden-angle spacing over the sky.
    const x = (i * 137.5) % 600;
    const y = 20 + ((i * 61) % 200);
    return `<circle cx="${x.toFixed(1)}" cy="${y}" r="${1.5 + (i % 3)}" fill="#fff" opacity="${0.35 + (i % 4) * 0.15}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d2b64"/><stop offset="0.55" stop-color="#c0398b"/><stop offset="1" stop-color="#f8b64c"/></linearGradient>
<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff7c2"/><stop offset="1" stop-color="#ffb347"/></radialGradient>
<linearGradient id="lake" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b5876"/><stop offset="1" stop-color="#0f2027"/></linearGradient>
</defs>
<rect width="600" height="600" fill="url(#sky)"/>
${stars}
<circle cx="400" cy="300" r="85" fill="url(#sun)"/>
<path d="M520 50 a42 42 0 1 0 30 72 a34 34 0 1 1 -30 -72Z" fill="#f4f1d0"/>
<g fill="#ffffff" opacity="0.5"><ellipse cx="330" cy="130" rx="60" ry="16"/><ellipse cx="360" cy="116" rx="34" ry="16"/><ellipse cx="60" cy="230" rx="50" ry="12"/></g>
<g fill="#fff" opacity="0.25"><rect x="340" y="270" width="120" height="6"/><rect x="330" y="290" width="140" height="6"/><rect x="325" y="310" width="150" height="6"/></g>
<path d="M0 360 L90 250 L160 320 L250 200 L330 330 L420 260 L520 340 L600 280 L600 600 L0 600Z" fill="#4a2c5e"/>
<path d="M0 420 L110 330 L200 400 L300 320 L400 410 L480 360 L600 420 L600 600 L0 600Z" fill="#2e1f47"/>
<rect y="450" width="600" height="150" fill="url(#lake)"/>
<g fill="#f8b64c" opacity="0.55"><rect x="360" y="470" width="80" height="4"/><rect x="340" y="495" width="120" height="4"/><rect x="370" y="520" width="60" height="4"/></g>
<g fill="#16302b"><path d="M40 450 l25 -90 l25 90Z"/><path d="M80 450 l18 -60 l18 60Z"/><path d="M520 450 l22 -80 l22 80Z"/><path d="M555 450 l15 -50 l15 50Z"/></g>
<path d="M150 560 q30 -25 60 0 q30 -25 60 0" stroke="#9ad0ec" stroke-width="4" fill="none" opacity="0.6"/>
<g fill="none" stroke="#fff" stroke-width="3" opacity="0.7"><path d="M120 120 q12 -10 24 0 q12 -10 24 0"/><path d="M200 80 q9 -8 18 0 q9 -8 18 0"/></g>
</svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The longest side a stored picture keeps (px). */
export const PICTURE_SIDE = 480;

/**
 * Reads an image file, crops it to its central square and shrinks it; resolves to a JPEG
 * data: URL, or rejects with a sentence for the player.
 */
export async function pictureFromFile(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) {
    throw new Error(`"${file.name}" is not an image: pick a PNG, JPEG, WebP or GIF file.`);
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(`"${file.name}" could not be read as an image.`);
  }
  const side = Math.min(bitmap.width, bitmap.height);
  const out = Math.min(PICTURE_SIDE, side);
  const canvas = document.createElement('canvas');
  canvas.width = out;
  canvas.height = out;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw pictures (no 2D canvas).');
  ctx.drawImage(
    bitmap,
    (bitmap.width - side) / 2,
    (bitmap.height - side) / 2,
    side,
    side,
    0,
    0,
    out,
    out,
  );
  bitmap.close();
  return canvas.toDataURL('image/jpeg', 0.85);
}
