/**
 * Pictures for the demo event halls, drawn on this machine like the rooms (demo-room-scenes.ts):
 * an SVG interior in one-point perspective, rasterised by sharp. The ballroom ("Padma Hall") is
 * shown set for a reception and, from another spot, dressed for a holud; the boardroom ("Jamuna
 * Room") looks over a Dhaka skyline. Deterministic: the same options always give the same picture.
 */

import {
  Camera,
  Canvas,
  PALETTES,
  SCENE_HEIGHT,
  SCENE_WIDTH,
  drawView,
  mix,
  n1,
  plant,
  points,
  random,
  shade,
  tint,
  type Palette,
  type PaletteName,
  type Pt,
  type View,
} from './demo-room-scenes.ts';

export type HallKind = 'ballroom' | 'ballroom-wedding' | 'boardroom';

export interface HallSceneOptions {
  kind: HallKind;
  /** The decoration, one of the room palettes; by default 'terracotta' for the ballroom, 'night' for the boardroom. */
  palette?: PaletteName;
  /** Varies the flowers, the view and the small things; the same seed gives the same picture. */
  seed?: number;
}

type V3 = [x: number, y: number, z: number];

/** What every part of a hall is drawn with. */
interface Ctx {
  c: Canvas;
  p: Palette;
  rnd: () => number;
  wedding: boolean;
  /** One gradient per key, so a thousand flowers share a handful of definitions. */
  paint: (key: string, make: () => string) => string;
  clipCount: number;
}

const pr = (c: Canvas, [x, y, z]: V3): Pt => c.cam.P(x, y, z);
function face(c: Canvas, pts: V3[], fill: string, extra = '') {
  c.poly(pts.map((v) => pr(c, v)), fill, extra);
}
const pathOf = (pts: Pt[], close = true) =>
  `M${pts.map(([x, y]) => `${n1(x)} ${n1(y)}`).join(' L')}${close ? 'Z' : ''}`;

/** A circle of radius `r` lying flat at height `y`, as the ellipse it looks like. */
function flat(c: Canvas, x: number, y: number, z: number, r: number) {
  const [cx] = c.cam.P(x, y, z);
  const top = c.cam.P(x, y, z - r)[1];
  const bottom = c.cam.P(x, y, z + r)[1];
  return { cx, cy: (top + bottom) / 2, rx: c.cam.len(r, z), ry: Math.abs(bottom - top) / 2 };
}

/**
 * A soft gradient across a band, in perspective: `band(t)` gives the band from its edge (0) to
 * `t`; stacking faint bands gives a falloff without seams.
 */
function fade(c: Canvas, band: (t: number) => V3[], color: string, opacity: number, steps = 8) {
  for (let i = 1; i <= steps; i++) face(c, band(i / steps), color, `fill-opacity="${n1((opacity / steps) * 100) / 100}"`);
}

/** A soft glow of light: a radial gradient in an ellipse. */
function glow(x: Ctx, cx: number, cy: number, rx: number, ry: number, color: string, strength: number) {
  const fill = x.paint(`glow${color}${strength}`, () =>
    x.c.radial([[0, color, strength], [0.35, color, strength * 0.45], [1, color, 0]]),
  );
  x.c.ellipse(cx, cy, rx, ry, fill);
}

/**
 * An upright block on any footprint (a convex polygon of (x, z) points, in order), with the faces
 * the camera sees: shaded by how they face the light, which comes from above and in front. The
 * top may have another footprint (`foot1`, the same number of points) for things that taper, and
 * the sides may darken towards the floor (`fall`).
 */
function block(x: Ctx, foot: [number, number][], y0: number, y1: number, color: string, options: { top?: string; round?: number; foot1?: [number, number][]; fall?: number } = {}) {
  const { c } = x;
  const cam = c.cam;
  const foot1 = options.foot1 ?? foot;
  const cxm = foot.reduce((s, [fx]) => s + fx, 0) / foot.length;
  const czm = foot.reduce((s, [, fz]) => s + fz, 0) / foot.length;
  const round = options.round ? (fill: string) => `stroke="${fill}" stroke-width="${n1(options.round!)}" stroke-linejoin="round"` : () => '';
  for (let i = 0; i < foot.length; i++) {
    const k = (i + 1) % foot.length;
    const [ax, az] = foot[i]!;
    const [bx, bz] = foot[k]!;
    let nx = bz - az;
    let nz = -(bx - ax);
    if (nx * ((ax + bx) / 2 - cxm) + nz * ((az + bz) / 2 - czm) < 0) {
      nx = -nx;
      nz = -nz;
    }
    const l = Math.hypot(nx, nz);
    nx /= l;
    nz /= l;
    if ((cam.x - (ax + bx) / 2) * nx + (cam.d - (az + bz) / 2) * nz <= 0) continue;
    // Quantised, so that blocks facing about the same way share one gradient.
    const amount = Math.round((0.05 + 0.16 * (1 - nz) * 0.5 + (nx > 0 ? 0.06 * nx : 0)) * 50) / 50;
    const fill = shade(color, amount);
    const [tax, taz] = foot1[i]!;
    const [tbx, tbz] = foot1[k]!;
    const paint = options.fall ? x.paint(`fall${fill}${options.fall}`, () => c.linear([[0, fill], [1, shade(fill, options.fall!)]])) : fill;
    face(c, [[tax, y1, taz], [tbx, y1, tbz], [bx, y0, bz], [ax, y0, az]], paint, round(fill));
  }
  if (y1 < cam.eye) {
    const fill = options.top ?? tint(color, 0.12);
    face(c, foot1.map(([fx, fz]): V3 => [fx, y1, fz]), fill, round(fill));
  } else if (y0 > cam.eye) {
    const fill = shade(color, 0.15);
    face(c, foot.map(([fx, fz]): V3 => [fx, y0, fz]), fill, round(fill));
  }
}

// ---------------------------------------------------------------------------------------------
// Flowers.

const MARIGOLD = ['#f39c12', '#f7b731', '#ec7f13', '#fbc531'];
const WHITE_FLOWERS = ['#fffdf6', '#f7f1e6'];
const ROSES = ['#fbf7f2', '#f4d3cf', '#f7e6d6', '#e8a9b2', '#fdfbf8'];
const LEAVES = ['#4d7c4f', '#5f8f5a', '#3e6b45'];

function flowerFill(x: Ctx, color: string) {
  return x.paint(`flower${color}`, () => x.c.radial([[0, tint(color, 0.45)], [0.55, color], [1, shade(color, 0.22)]], 0.4, 0.35, 0.65));
}

/** A dome of flowers in picture space, of radius `r` pixels, leaves first. */
function flowerBall(x: Ctx, cx: number, cy: number, r: number, colors: string[], count = 24, leaves = true) {
  const { c, rnd } = x;
  if (leaves) {
    for (let i = 0; i < 7; i++) {
      const a = rnd() * Math.PI * 2;
      c.ellipse(cx + Math.cos(a) * r * 0.85, cy + Math.sin(a) * r * 0.6, r * 0.35, r * 0.18, LEAVES[i % 3]!, `transform="rotate(${n1((a * 180) / Math.PI)} ${n1(cx + Math.cos(a) * r * 0.85)} ${n1(cy + Math.sin(a) * r * 0.6)})"`);
    }
  }
  const fr = (r / Math.sqrt(count)) * 1.15;
  for (let i = 0; i < count; i++) {
    // A sunflower spiral covers the dome evenly.
    const t = (i + 0.5) / count;
    const a = i * 2.39996;
    const d = Math.sqrt(t) * (r - fr * 0.6);
    const fx = cx + Math.cos(a) * d;
    const fy = cy + Math.sin(a) * d * 0.85;
    const color = colors[Math.floor(rnd() * colors.length)]!;
    c.ellipse(fx, fy, fr * (0.9 + rnd() * 0.25), fr * (0.85 + rnd() * 0.2), flowerFill(x, color));
  }
}

/**
 * A garland along a line of picture points: leaves behind, then flowers of a few sizes scattered
 * across a band `r(i)` pixels wide, so it looks grown rather than threaded.
 */
function garland(x: Ctx, pts: Pt[], r: (i: number) => number, colors: string[], spacing = 0.8, leaves = false) {
  const { c, rnd } = x;
  const along = (draw: (px: number, py: number, nx: number, ny: number, rr: number) => void, step: (rr: number) => number) => {
    let carry = 0;
    for (let i = 1; i < pts.length; i++) {
      const [ax, ay] = pts[i - 1]!;
      const [bx, by] = pts[i]!;
      const l = Math.hypot(bx - ax, by - ay);
      if (l === 0) continue;
      const rr = r(i);
      const st = Math.max(1.2, step(rr));
      let t = carry;
      while (t < l) {
        draw(ax + ((bx - ax) * t) / l, ay + ((by - ay) * t) / l, -(by - ay) / l, (bx - ax) / l, rr);
        t += st;
      }
      carry = t - l;
    }
  };
  if (leaves) {
    along((px, py, nx, ny, rr) => {
      const side = rnd() < 0.5 ? -1 : 1;
      const lx = px + nx * rr * 0.9 * side;
      const ly = py + ny * rr * 0.9 * side;
      const angle = (Math.atan2(ny, nx) * 180) / Math.PI + (rnd() - 0.5) * 60;
      c.ellipse(lx, ly, rr * 0.75, rr * 0.32, LEAVES[Math.floor(rnd() * 3)]!, `transform="rotate(${n1(angle)} ${n1(lx)} ${n1(ly)})"`);
    }, (rr) => rr * 1.1);
  }
  along((px, py, nx, ny, rr) => {
    const off = (rnd() - 0.5) * rr * 0.9;
    const size = rr * (0.55 + rnd() * 0.5);
    const color = colors[Math.floor(rnd() * colors.length)]!;
    c.ellipse(px + nx * off, py + ny * off, size, size * 0.93, flowerFill(x, color));
  }, (rr) => rr * spacing);
}

// ---------------------------------------------------------------------------------------------
// The ballroom: 18 m wide, 6.5 m high, seen from 18 m back (a little raised, as from the
// gallery, so the tables read).

const HALL_HALF = 9;
const HALL_HIGH = 6.5;
const NEAR = 17.6;

function ballroomCamera(wedding: boolean): Camera {
  const s = 1000 / 18;
  // The wedding photograph is taken from a step to the left and a little lower.
  const eye = wedding ? 3.1 : 3.4;
  return new Camera(SCENE_WIDTH / 2, 540, 540 + eye * s, s, 18, wedding ? -1.3 : 0);
}

function hallCeiling(x: Ctx) {
  const { c, p } = x;
  const W = HALL_HALF;
  const H = HALL_HIGH;
  const back = pr(c, [0, H, 0]);
  face(c, [[-W, H, 0], [W, H, 0], [W, H, NEAR], [-W, H, NEAR]], c.linearAt([[0, tint(p.ceiling, 0.15)], [1, shade(p.ceiling, 0.2)]], back, [back[0], 0]));
  // Coffers either side of the tray, a downlight in each.
  for (const side of [-1, 1]) {
    for (let z = 0.4; z < NEAR; z += 2.4) face(c, [[side * 4.4, H, z], [side * W, H, z], [side * W, H, z + 0.14], [side * 4.4, H, z + 0.14]], shade(p.ceiling, 0.14));
    face(c, [[side * 6.6, H, 0], [side * 6.74, H, 0], [side * 6.74, H, NEAR], [side * 6.6, H, NEAR]], shade(p.ceiling, 0.14));
    for (let z = 1.6; z < 14; z += 2.4) {
      for (const lx of [5.5, 7.85]) {
        const e = flat(c, side * lx, H, z, 0.1);
        glow(x, e.cx, e.cy + e.rx * 1.2, e.rx * 6, e.rx * 4, '#fff3d6', 0.35);
        c.ellipse(e.cx, e.cy, e.rx, e.ry, '#fffbea');
      }
    }
  }
  // The tray: raised, lit by a warm cove along its edges.
  const T = 4.4;
  const R = H + 0.5;
  face(c, [[-T, R, 1.2], [T, R, 1.2], [T, R, NEAR], [-T, R, NEAR]], c.linearAt([[0, tint(p.ceiling, 0.35)], [1, tint(p.ceiling, 0.05)]], pr(c, [0, R, 1.2]), [back[0], 0]));
  fade(c, (t) => [[-T, R, 1.2], [-T + t * 1.4, R, 1.2], [-T + t * 1.4, R, NEAR], [-T, R, NEAR]], '#ffe3a8', 0.7);
  fade(c, (t) => [[T, R, 1.2], [T - t * 1.4, R, 1.2], [T - t * 1.4, R, NEAR], [T, R, NEAR]], '#ffe3a8', 0.7);
  fade(c, (t) => [[-T, R, 1.2], [T, R, 1.2], [T, R, 1.2 + t * 1.2], [-T, R, 1.2 + t * 1.2]], '#ffe3a8', 0.6);
  for (const side of [-1, 1]) {
    face(c, [[side * T, H, 1.2], [side * T, R, 1.2], [side * T, R, NEAR], [side * T, H, NEAR]], c.linear([[0, '#fff0cc'], [1, tint(p.ceiling, 0.1)]], side < 0 ? 1 : 0, 0, side < 0 ? 0 : 1, 0));
  }
  face(c, [[-T, H, 1.2], [T, H, 1.2], [T, R, 1.2], [-T, R, 1.2]], '#fff0cc');
  // The edge of the tray, a moulded band.
  for (const side of [-1, 1]) face(c, [[side * T, H, 1.2], [side * (T + 0.18), H, 1.2], [side * (T + 0.18), H, NEAR], [side * T, H, NEAR]], tint(p.trim, 0.2));
  face(c, [[-T - 0.18, H, 1.02], [T + 0.18, H, 1.02], [T + 0.18, H, 1.2], [-T - 0.18, H, 1.2]], tint(p.trim, 0.2));
}

function hallBackWall(x: Ctx) {
  const { c, p } = x;
  const W = HALL_HALF;
  const H = HALL_HIGH;
  const [ax, ay] = pr(c, [-W, H, 0]);
  const [bx, by] = pr(c, [W, 0, 0]);
  c.rect(ax, ay, bx - ax, by - ay, c.linear([[0, tint(p.wall[0], 0.1)], [1, p.wall[1]]]));
  // A moulded panel either side of the stage, with a sconce.
  for (const side of [-1, 1]) {
    const [px0, py0] = pr(c, [side * 7.3, 5.4, 0]);
    const [px1, py1] = pr(c, [side * 8.7, 1.2, 0]);
    c.rect(Math.min(px0, px1), py0, Math.abs(px1 - px0), py1 - py0, 'none', `stroke="${shade(p.wall[1], 0.12)}" stroke-width="2"`);
    const [gx, gy] = pr(c, [side * 8, 4.2, 0]);
    glow(x, gx, gy, c.cam.len(1.2), c.cam.len(1.6), '#ffe7b0', 0.55);
    c.rect(gx - c.cam.len(0.1), gy - c.cam.len(0.25), c.cam.len(0.2), c.cam.len(0.35), '#fff3d0', `rx="3" stroke="${p.metal}" stroke-width="2"`);
  }
  face(c, [[-W, H - 0.3, 0], [W, H - 0.3, 0], [W, H, 0], [-W, H, 0]], p.trim);
  face(c, [[-W, 0.12, 0], [W, 0.12, 0], [W, 0, 0], [-W, 0, 0]], p.trim);
}

/** A side wall (x = ±9): tall arched windows behind sheers and drapes, between pilasters. */
function hallSideWall(x: Ctx, side: -1 | 1) {
  const { c, p } = x;
  const X = side * HALL_HALF;
  const H = HALL_HIGH;
  const back = pr(c, [X, 0, 0]);
  const wallFill = c.linearAt([[0, p.wall[0]], [1, shade(p.wall[1], 0.12)]], back, [side < 0 ? 0 : SCENE_WIDTH, back[1]]);
  face(c, [[X, H, 0], [X, H, NEAR], [X, 0, NEAR], [X, 0, 0]], wallFill);
  face(c, [[X, 1.0, 0], [X, 1.0, NEAR], [X, 0, NEAR], [X, 0, 0]], shade(p.wall[1], 0.1));
  face(c, [[X, 1.06, 0], [X, 1.06, NEAR], [X, 0.98, NEAR], [X, 0.98, 0]], p.trim);
  face(c, [[X, H, 0], [X, H, NEAR], [X, H - 0.35, NEAR], [X, H - 0.35, 0]], p.trim);
  face(c, [[X, H - 0.35, 0], [X, H - 0.35, NEAR], [X, H - 0.42, NEAR], [X, H - 0.42, 0]], shade(p.trim, 0.15));
  face(c, [[X, 0.14, 0], [X, 0.14, NEAR], [X, 0, NEAR], [X, 0, 0]], p.trim);
  const inward = -side;
  const sheer = x.paint('sheer', () =>
    c.linear(Array.from({ length: 9 }, (_, i): [number, string, number] => [i / 8, '#fbf5e8', i % 2 ? 0.35 : 0.6]), 0, 0, 1, 0),
  );
  for (let zc = 2.1; zc < 12; zc += 3) {
    // Window: glass behind a sheer, in an arched opening.
    const w = 0.85;
    const arch: V3[] = [];
    for (let i = 0; i <= 16; i++) {
      const a = (Math.PI * i) / 16;
      arch.push([X, 4.3 + Math.sin(a) * 0.7, zc - Math.cos(a) * w]);
    }
    const opening: V3[] = [[X, 0.35, zc - w], ...arch, [X, 0.35, zc + w]];
    face(c, opening.map(([, y, z]): V3 => [X, y, z + (z - zc) * 0.12]), tint(p.trim, 0.2));
    face(c, opening, x.paint('glass', () => c.linear([[0, '#f3ecdd'], [0.6, '#e4d8c2'], [1, '#d3c4a8']])));
    face(c, opening, sheer);
    for (const dz of [-w / 3, w / 3]) face(c, [[X, 0.35, zc + dz - 0.02], [X, 4.3 + Math.sqrt(1 - (dz / w) ** 2) * 0.7, zc + dz - 0.02], [X, 4.3 + Math.sqrt(1 - (dz / w) ** 2) * 0.7, zc + dz + 0.02], [X, 0.35, zc + dz + 0.02]], tint(p.trim, 0.1), 'fill-opacity="0.6"');
    // Light from the window on the floor.
    face(c, [[X, 0, zc - w], [X, 0, zc + w], [X + inward * 2.6, 0, zc + w + 0.6], [X + inward * 2.6, 0, zc - w + 0.6]], '#fff3d8', 'fill-opacity="0.06"');
    // Drapes either side, gathered by a tie-back, under a swagged pelmet.
    for (const [z0, z1] of [[zc - w - 0.45, zc - w + 0.15], [zc + w - 0.15, zc + w + 0.45]] as const) {
      const folds = x.paint(`drape${side}`, () =>
        c.linear(Array.from({ length: 11 }, (_, i): [number, string] => [i / 10, i % 2 ? shade(p.drape, 0.3) : tint(p.drape, 0.08)]), 0, 0, 1, 0),
      );
      const mid = (z0 + z1) / 2;
      const pinch = z0 < zc ? z0 + 0.12 : z1 - 0.12;
      const drape: V3[] = [[X + inward * 0.08, 5.45, z0], [X + inward * 0.08, 5.45, z1], [X + inward * 0.08, 1.6, z0 < zc ? z1 - 0.25 : pinch + 0.1], [X + inward * 0.08, 0.02, z1 + (z0 < zc ? 0.05 : 0.12)], [X + inward * 0.08, 0.02, z0 - (z0 < zc ? 0.12 : 0.05)], [X + inward * 0.08, 1.6, z0 < zc ? pinch - 0.1 : z0 + 0.25]];
      face(c, drape, folds);
      face(c, [[X + inward * 0.1, 1.68, mid - 0.2], [X + inward * 0.1, 1.68, mid + 0.2], [X + inward * 0.1, 1.56, mid + 0.2], [X + inward * 0.1, 1.56, mid - 0.2]], p.metal);
    }
    const swag: V3[] = [];
    for (let i = 0; i <= 12; i++) {
      const t = i / 12;
      swag.push([X + inward * 0.12, 5.1 - Math.sin(Math.PI * t) * 0.45, zc - w - 0.5 + t * (2 * w + 1)]);
    }
    face(c, [[X + inward * 0.12, 5.6, zc - w - 0.5], [X + inward * 0.12, 5.6, zc + w + 0.5], ...swag.reverse()], c.linear([[0, tint(p.drape, 0.1)], [1, shade(p.drape, 0.25)]]));
    face(c, [[X + inward * 0.14, 5.65, zc - w - 0.55], [X + inward * 0.14, 5.65, zc + w + 0.55], [X + inward * 0.14, 5.55, zc + w + 0.55], [X + inward * 0.14, 5.55, zc - w - 0.55]], p.metal);
  }
  // Pilasters between the windows, each with a sconce.
  for (let zc = 0.6; zc < 14; zc += 3) {
    const z0 = zc - 0.22;
    const z1 = zc + 0.22;
    const fx = X + inward * 0.16;
    face(c, [[fx, H - 0.42, z0], [fx, H - 0.42, z1], [fx, 0.14, z1], [fx, 0.14, z0]], c.linear([[0, tint(p.trim, 0.1)], [1, shade(p.trim, 0.06)]]));
    face(c, [[X, H - 0.42, z1], [fx, H - 0.42, z1], [fx, 0.14, z1], [X, 0.14, z1]], shade(p.trim, 0.16));
    for (const y of [H - 0.75, 0.5]) face(c, [[fx + inward * 0.02, y + 0.12, z0 - 0.04], [fx + inward * 0.02, y + 0.12, z1 + 0.04], [fx + inward * 0.02, y, z1 + 0.04], [fx + inward * 0.02, y, z0 - 0.04]], shade(p.trim, 0.08));
    const [sx, sy] = pr(c, [fx, 3.3, zc]);
    const f = c.cam.len(1, zc);
    glow(x, sx, sy - f * 0.2, f * 0.9, f * 1.5, '#ffe4a8', 0.6);
    c.rect(sx - f * 0.06, sy - f * 0.22, f * 0.12, f * 0.3, '#fff3d0', `rx="${n1(f * 0.03)}"`);
    c.line([sx, sy + f * 0.08], [sx, sy + f * 0.2], x.p.metal, Math.max(1.5, f * 0.02));
  }
}

/** A patterned carpet: a lattice of medallions converging on the stage, with a border. */
function hallCarpet(x: Ctx) {
  const { c, p } = x;
  const W = HALL_HALF;
  const ground = shade(p.fabric, 0.28);
  const back = pr(c, [0, 0, 0]);
  face(c, [[-W, 0, 0], [W, 0, 0], [W, 0, NEAR], [-W, 0, NEAR]], c.linearAt([[0, shade(ground, 0.18)], [1, ground]], back, [back[0], SCENE_HEIGHT]));
  const motif = mix(p.metal, ground, 0.35);
  const dark = shade(ground, 0.3);
  const cell = 1.1;
  for (let z = 3.6; z < 16; z += cell) {
    for (let cx = -W + 0.9 + cell / 2; cx < W - 0.9; cx += cell) {
      const zc = z + cell / 2;
      const d = cell * 0.42;
      face(c, [[cx, 0, zc - d], [cx + d, 0, zc], [cx, 0, zc + d], [cx - d, 0, zc]], motif, 'fill-opacity="0.5"');
      face(c, [[cx, 0, zc - d * 0.62], [cx + d * 0.62, 0, zc], [cx, 0, zc + d * 0.62], [cx - d * 0.62, 0, zc]], dark, 'fill-opacity="0.85"');
      face(c, [[cx, 0, zc - d * 0.25], [cx + d * 0.25, 0, zc], [cx, 0, zc + d * 0.25], [cx - d * 0.25, 0, zc]], tint(p.accent, 0.1), 'fill-opacity="0.7"');
      const e = flat(c, cx + cell / 2, 0, z, 0.07);
      c.ellipse(e.cx, e.cy, e.rx, e.ry, motif, 'fill-opacity="0.7"');
    }
  }
  // Border along the walls and at the foot of the stage.
  for (const side of [-1, 1]) {
    face(c, [[side * W, 0, 0], [side * (W - 0.8), 0, 0], [side * (W - 0.8), 0, NEAR], [side * W, 0, NEAR]], dark);
    face(c, [[side * (W - 0.8), 0, 0], [side * (W - 0.88), 0, 0], [side * (W - 0.88), 0, NEAR], [side * (W - 0.8), 0, NEAR]], motif);
    face(c, [[side * (W - 0.3), 0, 0], [side * (W - 0.36), 0, 0], [side * (W - 0.36), 0, NEAR], [side * (W - 0.3), 0, NEAR]], motif, 'fill-opacity="0.6"');
  }
  face(c, [[-W, 0, 3.3], [W, 0, 3.3], [W, 0, 3.58], [-W, 0, 3.58]], motif);
}

/**
 * A crystal chandelier hanging from the ceiling at (x, z): a gilded ring of candle lights, strands
 * of crystal swagged round it and falling in a cone to a finial, a smaller crown above.
 */
function chandelier(x: Ctx, cxw: number, zw: number, size: number) {
  const { c, p, rnd } = x;
  const H = HALL_HIGH;
  const f = c.cam.len(1, zw) * size;
  const at = (a: number, r: number, y: number) => pr(c, [cxw + Math.cos(a) * r * size, H - y * size, zw + Math.sin(a) * r * size]);
  const [hx, hy] = at(0, 0, 1.05);
  const warm = x.wedding ? '#ffd98c' : '#fff0c8';
  glow(x, hx, hy, f * 2.8, f * 2.2, warm, 0.5);
  glow(x, hx, hy, f * 1.2, f * 1.0, '#fffaf0', 0.75);
  const canopy = flat(c, cxw, H, zw, 0.13 * size);
  c.ellipse(canopy.cx, canopy.cy, canopy.rx, canopy.ry, p.metal);
  c.line(at(0, 0, 0), at(0, 0, 0.5), shade(p.metal, 0.2), Math.max(1.5, f * 0.02));
  const bead = Math.max(1.4, f * 0.019);
  const beads = (opacity: number) =>
    `fill="none" stroke="#fffdf5" stroke-width="${n1(bead)}" stroke-dasharray="0.1 ${n1(bead * 1.45)}" stroke-linecap="round" stroke-opacity="${opacity}"`;
  const main = { y: 0.85, r: 0.72, n: 34 };
  const crown = { y: 0.52, r: 0.3, n: 12 };
  const cascade = (front: boolean) => {
    const o = front ? 0.95 : 0.55;
    for (let i = 0; i < main.n; i++) {
      const a = (Math.PI * 2 * (i + 0.5)) / main.n;
      if (Math.sin(a) > 0 !== front) continue;
      // A strand from the ring down to the finial, bellying out, and a swag to the next.
      const s0 = at(a, main.r, main.y);
      const m = at(a, main.r * 0.8, main.y + 0.45);
      const e = at(a, 0.12, 1.5);
      c.add(`<path d="M${n1(s0[0])} ${n1(s0[1])} Q ${n1(2 * m[0] - (s0[0] + e[0]) / 2)} ${n1(2 * m[1] - (s0[1] + e[1]) / 2)} ${n1(e[0])} ${n1(e[1])}" ${beads(o)}/>`);
      const b = a + (Math.PI * 2) / main.n;
      const q = at(b, main.r, main.y);
      const sm = at((a + b) / 2, main.r * 1.02, main.y + 0.12);
      c.add(`<path d="M${n1(s0[0])} ${n1(s0[1])} Q ${n1(2 * sm[0] - (s0[0] + q[0]) / 2)} ${n1(2 * sm[1] - (s0[1] + q[1]) / 2)} ${n1(q[0])} ${n1(q[1])}" ${beads(o)}/>`);
      // An inner layer of the cone, and a drop below the swag.
      const s1 = at(a + Math.PI / main.n, main.r * 0.62, main.y + 0.2);
      const m1 = at(a + Math.PI / main.n, main.r * 0.5, main.y + 0.5);
      c.add(`<path d="M${n1(s1[0])} ${n1(s1[1])} Q ${n1(2 * m1[0] - (s1[0] + e[0]) / 2)} ${n1(2 * m1[1] - (s1[1] + e[1]) / 2)} ${n1(e[0])} ${n1(e[1])}" ${beads(o * 0.8)}/>`);
      if (i % 2 === 0) {
        const l = 0.18 + rnd() * 0.12;
        const d = at(a, main.r * 1.02, main.y + 0.12 + l);
        c.add(`<path d="${pathOf([at(a, main.r * 1.02, main.y + 0.12), d], false)}" ${beads(o)}/>`);
        c.ellipse(d[0], d[1] + bead, bead * 1.2, bead * 2.4, '#ffffff', `fill-opacity="${o}"`);
      }
    }
    for (let i = 0; i < crown.n; i++) {
      const a = (Math.PI * 2 * (i + 0.5)) / crown.n;
      if (Math.sin(a) > 0 !== front) continue;
      const s0 = at(a, crown.r, crown.y);
      const e = at(a, crown.r * 1.1, crown.y + 0.22);
      c.add(`<path d="${pathOf([s0, e], false)}" ${beads(o)}/>`);
    }
  };
  // The glitter of the cone of crystals, behind its strands.
  const left = at(Math.PI, main.r, main.y);
  const right = at(0, main.r, main.y);
  const tip = at(0, 0, 1.52);
  const ml = at(Math.PI, main.r * 0.8, main.y + 0.45);
  const mr = at(0, main.r * 0.8, main.y + 0.45);
  const ring = flat(c, cxw, H - main.y * size, zw, main.r * size);
  c.add(
    `<path d="M${n1(left[0])} ${n1(left[1])} Q ${n1(2 * ml[0] - (left[0] + tip[0]) / 2)} ${n1(2 * ml[1] - (left[1] + tip[1]) / 2)} ${n1(tip[0])} ${n1(tip[1])} Q ${n1(2 * mr[0] - (right[0] + tip[0]) / 2)} ${n1(2 * mr[1] - (right[1] + tip[1]) / 2)} ${n1(right[0])} ${n1(right[1])} A ${n1(ring.rx)} ${n1(ring.ry)} 0 0 0 ${n1(left[0])} ${n1(left[1])} Z" fill="${x.paint('crystal', () => c.linear([[0, '#ffffff', 0.6], [0.5, '#fff3d6', 0.42], [1, '#ffffff', 0.2]]))}"/>`,
  );
  cascade(false);
  // The gilded frame: the rings and the stem, a glowing crystal ball at its heart.
  for (const t of [crown, main]) {
    const e = flat(c, cxw, H - t.y * size, zw, t.r * size);
    c.ellipse(e.cx, e.cy, e.rx, e.ry, 'none', `stroke="${p.metal}" stroke-width="${n1(Math.max(1.2, f * 0.02))}"`);
  }
  const [sx, sy] = at(0, 0, 0.5);
  const [, ey] = at(0, 0, 1.62);
  const w = f * 0.05;
  c.add(`<path d="M${n1(sx - w * 0.4)} ${n1(sy)} L ${n1(sx + w * 0.4)} ${n1(sy)} L ${n1(sx + w)} ${n1(hy)} L ${n1(sx)} ${n1(ey)} L ${n1(sx - w)} ${n1(hy)} Z" fill="${x.paint('stem', () => c.linear([[0, tint(p.metal, 0.35)], [1, shade(p.metal, 0.2)]], 0, 0, 1, 0))}"/>`);
  glow(x, hx, hy, f * 0.35, f * 0.35, '#ffffff', 0.9);
  c.ellipse(hx, hy, f * 0.08, f * 0.1, '#fffdf6');
  cascade(true);
  // Candle lights on the ring.
  for (let i = 0; i < 12; i++) {
    const a = (Math.PI * 2 * i) / 12;
    const [lx, ly] = at(a, main.r, main.y - 0.1);
    const [, by] = at(a, main.r, main.y);
    c.line([lx, ly], [lx, by], '#fbf3de', Math.max(1, f * 0.018));
    glow(x, lx, ly, f * 0.13, f * 0.13, '#fff2c4', 0.9);
    c.ellipse(lx, ly, f * 0.016, f * 0.028, '#fffef8');
  }
  // Glints on the crystal.
  for (let i = 0; i < 7; i++) {
    const a = rnd() * Math.PI * 2;
    const [gx, gy] = at(a, main.r * (0.3 + rnd() * 0.7), main.y + rnd() * 0.55);
    const g = f * (0.04 + rnd() * 0.04);
    c.add(`<path d="M${n1(gx - g)} ${n1(gy)} Q ${n1(gx)} ${n1(gy)} ${n1(gx)} ${n1(gy - g * 1.4)} Q ${n1(gx)} ${n1(gy)} ${n1(gx + g)} ${n1(gy)} Q ${n1(gx)} ${n1(gy)} ${n1(gx)} ${n1(gy + g * 1.4)} Q ${n1(gx)} ${n1(gy)} ${n1(gx - g)} ${n1(gy)} Z" fill="#ffffff" fill-opacity="0.9"/>`);
  }
}

/** A banquet chair in a white cover, a sash tied in a bow at its back, at angle `a` around a table. */
function banquetChair(x: Ctx, tx: number, tz: number, r: number, a: number, sash: string) {
  const { c, p } = x;
  const cam = c.cam;
  const ur: [number, number] = [Math.cos(a), Math.sin(a)];
  const ut: [number, number] = [-Math.sin(a), Math.cos(a)];
  const at = (radial: number, tangential: number): [number, number] => [
    tx + ur[0] * radial + ut[0] * tangential,
    tz + ur[1] * radial + ut[1] * tangential,
  ];
  const foot = (r0: number, r1: number, w: number) => [at(r0, -w), at(r1, -w), at(r1, w), at(r0, w)];
  const f = cam.len(1, at(r + 0.4, 0)[1]);
  const soft = f * 0.045;
  const cover = p.linen;
  const seat = () =>
    block(x, foot(r + 0.06, r + 0.6, 0.245), 0, 0.47, cover, { round: soft, foot1: foot(r + 0.1, r + 0.56, 0.22), top: tint(cover, 0.3), fall: 0.22 });
  const back = () => {
    block(x, foot(r + 0.48, r + 0.58, 0.22), 0.47, 1.0, cover, { round: soft, foot1: foot(r + 0.52, r + 0.61, 0.19), fall: 0.1 });
    // The sash, and its bow if the back of the chair is turned to us.
    const band = (y: number) => foot(r + 0.475 + (y - 0.47) * 0.075, r + 0.585 + (y - 0.47) * 0.06, 0.222 - (y - 0.47) * 0.056);
    block(x, band(0.58), 0.58, 0.68, sash, { round: soft * 0.5, foot1: band(0.68) });
    const [bx, bz] = at(r + 0.6, 0);
    if ((cam.x - bx) * ur[0] + (cam.d - bz) * ur[1] > 0.2) {
      const [kx, ky] = pr(c, [bx, 0.63, bz]);
      const k = f * 0.07 * Math.min(1, Math.abs((cam.d - bz) * ur[1] + (cam.x - bx) * ur[0]) / Math.hypot(cam.d - bz, cam.x - bx) + 0.2);
      const tone = shade(sash, 0.12);
      c.ellipse(kx - k * 0.9, ky - k * 0.2, k, k * 0.55, tone, `transform="rotate(-15 ${n1(kx)} ${n1(ky)})"`);
      c.ellipse(kx + k * 0.9, ky - k * 0.2, k, k * 0.55, tone, `transform="rotate(15 ${n1(kx)} ${n1(ky)})"`);
      c.poly([[kx - k * 0.2, ky], [kx - k * 0.9, ky + k * 2.6], [kx - k * 0.4, ky + k * 2.5]], tone);
      c.poly([[kx + k * 0.2, ky], [kx + k * 0.8, ky + k * 2.4], [kx + k * 0.3, ky + k * 2.6]], tone);
      c.ellipse(kx, ky, k * 0.35, k * 0.35, sash);
    }
  };
  // Whichever part is further from the camera first.
  const dist = (rr: number) => {
    const [px, pz] = at(rr, 0);
    return Math.hypot(px - cam.x, pz - cam.d);
  };
  if (dist(r + 0.55) > dist(r + 0.33)) {
    back();
    seat();
  } else {
    seat();
    back();
  }
}

interface TableDress {
  sash: string;
  centrepiece: 'tall' | 'low' | 'marigold';
}

/** A round banquet table for ten, in a floor-length white cloth, with its chairs. */
function banquetTable(x: Ctx, tx: number, tz: number, dress: TableDress) {
  const { c, p, rnd } = x;
  const r = 0.9;
  const top = 0.76;
  const cam = c.cam;
  c.shadow(tx - r - 0.5, tx + r + 0.5, tz - r - 0.4, tz + r + 0.5, 0.45);
  // Chairs are placed with a little turn, so the ring of ten does not look stamped.
  const turn = 0.2 + rnd() * 0.2;
  const chairs = Array.from({ length: 8 }, (_, i) => turn + (Math.PI * 2 * i) / 8);
  const toCam: [number, number] = [cam.x - tx, cam.d - tz];
  const facing = (a: number) => Math.cos(a) * toCam[0] + Math.sin(a) * toCam[1];
  const distOf = (a: number) => Math.hypot(tx + Math.cos(a) * (r + 0.4) - cam.x, tz + Math.sin(a) * (r + 0.4) - cam.d);
  const behind = chairs.filter((a) => facing(a) <= 0).sort((a1, a2) => distOf(a2) - distOf(a1));
  const before = chairs.filter((a) => facing(a) > 0).sort((a1, a2) => distOf(a2) - distOf(a1));
  for (const a of behind) banquetChair(x, tx, tz, r, a, dress.sash);
  // The cloth: its skirt, then the top.
  const t = flat(c, tx, top, tz, r);
  const fl = flat(c, tx, 0, tz, r + 0.05);
  const skirt = x.paint('skirt', () =>
    c.linear([[0, shade(p.linen, 0.14)], [0.25, tint(p.linen, 0.3)], [0.55, p.linen], [1, shade(p.linen, 0.2)]], 0, 0, 1, 0),
  );
  c.add(
    `<path d="M${n1(t.cx - t.rx)} ${n1(t.cy)} L ${n1(fl.cx - fl.rx)} ${n1(fl.cy)} A ${n1(fl.rx)} ${n1(fl.ry)} 0 0 0 ${n1(fl.cx + fl.rx)} ${n1(fl.cy)} L ${n1(t.cx + t.rx)} ${n1(t.cy)} A ${n1(t.rx)} ${n1(t.ry)} 0 0 1 ${n1(t.cx - t.rx)} ${n1(t.cy)} Z" fill="${skirt}"/>`,
  );
  // Folds of the cloth.
  for (let i = 1; i < 9; i++) {
    const a = (Math.PI * i) / 9;
    const p0 = pr(c, [tx + Math.cos(a) * r, top - 0.06, tz + Math.sin(a) * r]);
    const p1 = pr(c, [tx + Math.cos(a) * (r + 0.06), 0.02, tz + Math.sin(a) * (r + 0.06)]);
    c.line(p0, p1, shade(p.linen, 0.18), Math.max(1, c.cam.len(0.02, tz)), 'stroke-opacity="0.45"');
  }
  c.ellipse(t.cx, t.cy, t.rx, t.ry, x.paint('clothTop', () => c.radial([[0, '#ffffff'], [0.8, tint(p.linen, 0.2)], [1, shade(p.linen, 0.06)]], 0.5, 0.4, 0.6)));
  // Place settings: a gilded charger, a plate with a folded napkin, a glass.
  for (const a of chairs) {
    const e = flat(c, tx + Math.cos(a) * (r - 0.2), top, tz + Math.sin(a) * (r - 0.2), 0.15);
    c.ellipse(e.cx, e.cy, e.rx, e.ry, tint(p.metal, 0.2));
    c.ellipse(e.cx, e.cy, e.rx * 0.78, e.ry * 0.78, '#ffffff', `stroke="${shade(p.linen, 0.12)}" stroke-width="${n1(Math.max(0.6, e.rx * 0.05))}"`);
    c.ellipse(e.cx, e.cy, e.rx * 0.3, e.ry * 0.75, x.wedding ? dress.sash : tint(p.metal, 0.55), 'fill-opacity="0.85"');
    const g = pr(c, [tx + Math.cos(a + 0.22) * (r - 0.1), top, tz + Math.sin(a + 0.22) * (r - 0.1)]);
    const gh = c.cam.len(0.14, tz);
    c.rect(g[0] - gh * 0.16, g[1] - gh, gh * 0.32, gh, '#e3eef1', `fill-opacity="0.8" rx="${n1(gh * 0.12)}"`);
  }
  // The centrepiece.
  const [cx, cy] = pr(c, [tx, top, tz]);
  const f = c.cam.len(1, tz);
  if (dress.centrepiece === 'tall') {
    // A gilded stand holding a ball of roses, crystals falling from it, candles at its foot.
    const [, hy] = pr(c, [tx, 1.5, tz]);
    c.ellipse(cx, cy, f * 0.12, f * 0.04, shade(p.metal, 0.1));
    c.add(`<path d="M${n1(cx - f * 0.05)} ${n1(cy)} L ${n1(cx - f * 0.014)} ${n1(cy - f * 0.12)} L ${n1(cx - f * 0.014)} ${n1(hy)} L ${n1(cx + f * 0.014)} ${n1(hy)} L ${n1(cx + f * 0.014)} ${n1(cy - f * 0.12)} L ${n1(cx + f * 0.05)} ${n1(cy)} Z" fill="${x.paint('gilt', () => c.linear([[0, tint(p.metal, 0.35)], [0.5, p.metal], [1, shade(p.metal, 0.3)]], 0, 0, 1, 0))}"/>`);
    c.ellipse(cx, hy, f * 0.16, f * 0.04, p.metal);
    for (let i = 0; i < 9; i++) {
      const sx = cx + (i / 8 - 0.5) * f * 0.42;
      const l = f * (0.22 + 0.18 * Math.sin((i / 8) * Math.PI) + rnd() * 0.06);
      c.line([sx, hy], [sx, hy + l], '#ffffff', Math.max(0.8, f * 0.01), `stroke-dasharray="0.1 ${n1(Math.max(2, f * 0.025))}" stroke-linecap="round" stroke-opacity="0.9"`);
    }
    for (const ox of [-0.14, 0.14]) {
      const [vx, vy] = pr(c, [tx + ox, top, tz + 0.1]);
      glow(x, vx, vy - f * 0.05, f * 0.22, f * 0.22, '#ffdc8a', 0.7);
      c.rect(vx - f * 0.025, vy - f * 0.08, f * 0.05, f * 0.08, '#fff4d8');
    }
    flowerBall(x, cx, hy - f * 0.12, f * 0.3, ROSES, 26);
  } else {
    const flowers = dress.centrepiece === 'marigold' ? [...MARIGOLD, ...MARIGOLD, ...WHITE_FLOWERS] : ROSES;
    for (const a of [0.5, 2.6, 4.6]) {
      const [vx, vy] = pr(c, [tx + Math.cos(a) * 0.34, top, tz + Math.sin(a) * 0.34]);
      glow(x, vx, vy - f * 0.04, f * 0.2, f * 0.2, '#ffcf70', 0.8);
      c.rect(vx - f * 0.024, vy - f * 0.07, f * 0.048, f * 0.07, '#fff0c8', `rx="${n1(f * 0.01)}"`);
    }
    if (dress.centrepiece === 'marigold') {
      c.add(`<path d="M${n1(cx - f * 0.14)} ${n1(cy - f * 0.14)} Q ${n1(cx - f * 0.16)} ${n1(cy + f * 0.02)} ${n1(cx)} ${n1(cy + f * 0.02)} Q ${n1(cx + f * 0.16)} ${n1(cy + f * 0.02)} ${n1(cx + f * 0.14)} ${n1(cy - f * 0.14)} Z" fill="${x.paint('brass', () => c.linear([[0, tint(p.metal, 0.35)], [1, shade(p.metal, 0.25)]], 0, 0, 1, 0))}"/>`);
    } else {
      c.ellipse(cx, cy - f * 0.03, f * 0.14, f * 0.05, '#e6eff1', 'fill-opacity="0.8"');
    }
    flowerBall(x, cx, cy - f * 0.17, f * 0.22, flowers, 18);
  }
  for (const a of before) banquetChair(x, tx, tz, r, a, dress.sash);
}

/** The stage at the back of the hall, set for a reception or a holud. */
function hallStage(x: Ctx) {
  const { c, p, rnd, wedding } = x;
  const S0 = 6.2;
  const D0 = 3.3;
  const h = 0.7;
  // Drapes either side of the stage and a pelmet across it.
  const drapeColor = wedding ? '#e9a23b' : p.drape;
  for (const side of [-1, 1]) {
    const folds = c.linear(Array.from({ length: 13 }, (_, i): [number, string] => [i / 12, i % 2 ? shade(drapeColor, 0.3) : tint(drapeColor, 0.1)]), 0, 0, 1, 0);
    face(c, [[side * 5.2, 6.0, 0.12], [side * 7.1, 6.0, 0.12], [side * 7.2, 0, 0.12], [side * 5.3, 0, 0.12]], folds);
  }
  const scallops: V3[] = [];
  for (let i = 0; i <= 60; i++) {
    const t = i / 60;
    scallops.push([7.3 - t * 14.6, 5.8 - Math.abs(Math.sin(Math.PI * 5 * t)) * 0.22, 0.14]);
  }
  face(c, [[-7.3, HALL_HIGH - 0.3, 0.14], [7.3, HALL_HIGH - 0.3, 0.14], ...scallops], c.linear([[0, shade(drapeColor, 0.15)], [1, tint(drapeColor, 0.08)]]));
  face(c, [[-7.3, HALL_HIGH - 0.3, 0.15], [7.3, HALL_HIGH - 0.3, 0.15], [7.3, HALL_HIGH - 0.38, 0.15], [-7.3, HALL_HIGH - 0.38, 0.15]], p.metal);
  // The backdrop.
  const bx0 = -5.2;
  const bx1 = 5.2;
  const top = 5.6;
  const [ax, ay] = pr(c, [bx0, top, 0.2]);
  const [bx, by] = pr(c, [bx1, h, 0.2]);
  const f0 = c.cam.len(1, 0.2);
  if (wedding) {
    // Strands of marigold and white tuberose, hung close together.
    c.rect(ax, ay, bx - ax, by - ay, c.linear([[0, '#f6c453'], [1, '#e58e1a']]));
    for (let sx = bx0 + 0.1; sx < bx1; sx += 0.17) {
      const white = Math.round((sx - bx0) / 0.17) % 3 === 1;
      const [px, py0] = pr(c, [sx, top, 0.22]);
      const [, py1] = pr(c, [sx, h + 0.1 + rnd() * 0.3, 0.22]);
      garland(x, [[px, py0], [px, py1]], () => f0 * (white ? 0.05 : 0.065), white ? WHITE_FLOWERS : MARIGOLD, 0.7);
    }
    // The round frame behind the seat, in marigolds and tuberose.
    const [rx, ry] = pr(c, [0, 3.2, 0.3]);
    const rr = f0 * 1.75;
    c.ellipse(rx, ry, rr, rr, c.radial([[0, '#fff4d4'], [0.7, '#ffd98e'], [1, '#f3b440']]));
    const circle = (k: number): Pt[] => Array.from({ length: 73 }, (_, i) => [rx + Math.cos((Math.PI * 2 * i) / 72) * rr * k, ry + Math.sin((Math.PI * 2 * i) / 72) * rr * k]);
    garland(x, circle(1), () => f0 * 0.17, MARIGOLD, 0.45, true);
    garland(x, circle(0.87), () => f0 * 0.07, WHITE_FLOWERS, 0.8);
    // Swags of tuberose across the top.
    for (let k = 0; k < 4; k++) {
      const sx0 = bx0 + (k * (bx1 - bx0)) / 4;
      const sw: Pt[] = Array.from({ length: 13 }, (_, i) => pr(c, [sx0 + ((bx1 - bx0) / 4) * (i / 12), top - 0.1 - Math.sin((Math.PI * i) / 12) * 0.45, 0.3]));
      garland(x, sw, () => f0 * 0.1, [...WHITE_FLOWERS, '#f39c12'], 0.6, true);
    }
  } else {
    c.rect(ax, ay, bx - ax, by - ay, c.linear([[0, tint(p.wall[0], 0.4)], [1, tint(p.wall[1], 0.15)]]));
    // Panels with a fine gilded line either side, hung with strings of crystals.
    for (const side of [-1, 1]) {
      const [qx0, qy0] = pr(c, [side * 4.9, top - 0.3, 0.2]);
      const [qx1, qy1] = pr(c, [side * 2.9, h + 0.3, 0.2]);
      c.rect(Math.min(qx0, qx1), qy0, Math.abs(qx1 - qx0), qy1 - qy0, 'none', `stroke="${p.metal}" stroke-width="2" stroke-opacity="0.7"`);
    }
    for (let sx = bx0 + 0.2; sx < bx1; sx += 0.14) {
      if (Math.abs(sx) < 2.5) continue;
      const [px, py0] = pr(c, [sx, top, 0.24]);
      const [, py1] = pr(c, [sx, 3.2 + Math.cos(sx * 1.6) * 0.6, 0.24]);
      c.line([px, py0], [px, py1], '#ffffff', 2.2, 'stroke-dasharray="0.1 6" stroke-linecap="round" stroke-opacity="0.9"');
    }
    // The arch, lit from behind, framed in roses, and flowers heaped at its feet.
    const [rx, ry] = pr(c, [0, 3.2, 0.3]);
    const aw = f0 * 2.1;
    const ah = f0 * 2.0;
    const archPath = `M${n1(rx - aw)} ${n1(by)} L ${n1(rx - aw)} ${n1(ry)} A ${n1(aw)} ${n1(ah)} 0 0 1 ${n1(rx + aw)} ${n1(ry)} L ${n1(rx + aw)} ${n1(by)} Z`;
    c.add(`<path d="${archPath}" fill="${c.radial([[0, '#fff8e8'], [0.6, '#fbe3c4'], [1, '#efc9a0']], 0.5, 0.45, 0.7)}"/>`);
    const outline: Pt[] = [[rx - aw, by - f0 * 0.3], [rx - aw, ry], ...Array.from({ length: 31 }, (_, i): Pt => [rx - Math.cos((Math.PI * i) / 30) * aw, ry - Math.sin((Math.PI * i) / 30) * ah]), [rx + aw, ry], [rx + aw, by - f0 * 0.3]];
    garland(x, outline, () => f0 * 0.2, ROSES, 0.45, true);
    garland(x, outline, () => f0 * 0.1, ROSES, 0.8);
    for (const side of [-1, 1]) {
      flowerBall(x, rx + side * aw, by - f0 * 0.45, f0 * 0.6, ROSES, 40);
      flowerBall(x, rx + side * aw * 1.25, by - f0 * 0.25, f0 * 0.4, ROSES, 24);
    }
    flowerBall(x, rx, ry - ah, f0 * 0.55, ROSES, 34);
  }
  // The backdrop's frame and the light washing it from below.
  c.rect(ax - 3, ay - 3, bx - ax + 6, 8, p.metal);
  for (const ux of [-4, -1.5, 1.5, 4]) {
    const [gx, gy] = pr(c, [ux, h + 0.3, 0.3]);
    glow(x, gx, gy - f0 * 0.6, f0 * 1.2, f0 * 2.0, wedding ? '#ffcf6a' : '#ffd9b0', 0.45);
  }
  // The seat for the couple.
  const seatColor = wedding ? '#b3262d' : p.linen;
  const trim = p.metal;
  c.shadow(-1.3, 1.3, 0.9, 1.9, 0.3);
  c.box(-1.25, 1.25, h, h + 1.3, 0.9, 1.15, seatColor, { round: 14, front: c.linear([[0, tint(seatColor, 0.12)], [1, shade(seatColor, 0.12)]]) });
  const [tx0, ty0] = pr(c, [-1.25, h + 1.3, 1.15]);
  const [tx1] = pr(c, [1.25, h + 1.3, 1.15]);
  c.add(`<path d="M${n1(tx0)} ${n1(ty0 + 4)} Q ${n1((tx0 + tx1) / 2)} ${n1(ty0 - f0 * 0.45)} ${n1(tx1)} ${n1(ty0 + 4)}" fill="${seatColor}" stroke="${trim}" stroke-width="5"/>`);
  c.box(-1.35, -1.05, h, h + 0.75, 1.0, 1.85, shade(seatColor, 0.04), { round: 10 });
  c.box(1.05, 1.35, h, h + 0.75, 1.0, 1.85, shade(seatColor, 0.04), { round: 10 });
  c.box(-1.05, 1.05, h, h + 0.5, 1.15, 1.85, tint(seatColor, 0.08), { round: 10 });
  for (const cx of [-0.55, 0.55]) {
    const [qx, qy] = pr(c, [cx, h + 0.75, 1.3]);
    const q = c.cam.len(0.42, 1.3);
    c.rect(qx - q / 2, qy - q / 2, q, q * 0.85, wedding ? '#f2b632' : tint(p.accent, 0.15), `rx="${n1(q * 0.2)}"`);
  }
  // Flowers on stands at the corners of the stage.
  for (const side of [-1, 1]) {
    const [sx, sy] = pr(c, [side * 3.6, h, 2.2]);
    const [, ty] = pr(c, [side * 3.6, h + 1.5, 2.2]);
    const f = c.cam.len(1, 2.2);
    c.line([sx, sy], [sx, ty], p.metal, Math.max(2, f * 0.04));
    c.ellipse(sx, sy, f * 0.18, f * 0.05, p.metal);
    flowerBall(x, sx, ty - f * 0.1, f * 0.38, wedding ? MARIGOLD : ROSES, 26);
  }
  // The stage itself: a pleated skirt and steps in the middle.
  const skirtColor = wedding ? '#f4c542' : p.linen;
  const pleats = c.linear(Array.from({ length: 41 }, (_, i): [number, string] => [i / 40, i % 2 ? shade(skirtColor, 0.14) : tint(skirtColor, 0.15)]), 0, 0, 1, 0);
  c.box(-S0, S0, 0, h, 0, D0, skirtColor, { top: c.linearAt([[0, shade(p.fabric, 0.45)], [1, shade(p.fabric, 0.3)]], pr(c, [0, h, 0]), pr(c, [0, h, D0])), front: pleats });
  const [lx0, ly0] = pr(c, [-S0, h, D0]);
  const [lx1] = pr(c, [S0, h, D0]);
  c.rect(lx0, ly0, lx1 - lx0, c.cam.len(0.08, D0), wedding ? '#c8361f' : p.metal);
  c.box(-1.4, 1.4, 0, h * 0.66, D0, D0 + 0.32, shade(p.fabric, 0.3), { top: shade(p.fabric, 0.2) });
  c.box(-1.4, 1.4, 0, h * 0.33, D0, D0 + 0.64, shade(p.fabric, 0.3), { top: shade(p.fabric, 0.2) });
  if (wedding) {
    // The garland arch in front of the stage, and clay lamps along its edge.
    const pts: Pt[] = [];
    for (let i = 0; i <= 60; i++) {
      const a = (Math.PI * i) / 60;
      pts.push(pr(c, [-Math.cos(a) * 4.6, Math.min(5.2, Math.sin(a) * 6.5), D0 + 0.4]));
    }
    const fa = c.cam.len(1, D0 + 0.4);
    garland(x, pts.map(([px, py]): Pt => [px, py]), () => fa * 0.2, LEAVES, 0.5);
    garland(x, pts, () => fa * 0.15, MARIGOLD, 0.45);
    garland(x, pts.map(([px, py]): Pt => [px, py + fa * 0.05]), () => fa * 0.08, WHITE_FLOWERS, 0.8);
    for (let lx = -5.8; lx <= 5.8; lx += 0.55) {
      if (Math.abs(lx) < 1.5) continue;
      const [dx, dy] = pr(c, [lx, h, D0 - 0.1]);
      glow(x, dx, dy - fa * 0.05, fa * 0.2, fa * 0.2, '#ffb84a', 0.9);
      c.ellipse(dx, dy, fa * 0.05, fa * 0.02, '#a0522d');
      c.ellipse(dx, dy - fa * 0.03, fa * 0.012, fa * 0.025, '#fff2b0');
    }
  }
}

/** Strings of marigold swagged across the hall, and fairy lights, for the holud. */
function weddingCanopy(x: Ctx) {
  const { c } = x;
  for (let z = 2.6; z < 14; z += 3) {
    const pts: Pt[] = [];
    for (let i = 0; i <= 40; i++) {
      const t = i / 40;
      pts.push(pr(c, [-HALL_HALF + t * 2 * HALL_HALF, HALL_HIGH - 0.2 - Math.sin(Math.PI * t) * 1.2, z]));
    }
    const f = c.cam.len(1, z);
    garland(x, pts, () => f * 0.07, MARIGOLD, 0.75);
    // Hanging strands from the swag.
    for (let i = 2; i < 40; i += 4) {
      const t = i / 40;
      const [sx, sy] = pr(c, [-HALL_HALF + t * 2 * HALL_HALF, HALL_HIGH - 0.2 - Math.sin(Math.PI * t) * 1.2, z]);
      const [, ey] = pr(c, [0, HALL_HIGH - 0.2 - Math.sin(Math.PI * t) * 1.2 - 0.8, z]);
      garland(x, [[sx, sy], [sx, ey]], () => f * 0.05, i % 8 === 2 ? WHITE_FLOWERS : MARIGOLD, 0.85);
    }
    const lights: Pt[] = [];
    for (let i = 0; i <= 30; i++) {
      const t = i / 30;
      lights.push(pr(c, [-HALL_HALF + t * 2 * HALL_HALF, HALL_HIGH - 0.1 - Math.sin(Math.PI * t) * 0.7, z + 1.2]));
    }
    c.add(`<path d="${pathOf(lights, false)}" fill="none" stroke="#fff2c0" stroke-width="${n1(Math.max(1.5, f * 0.02))}" stroke-dasharray="0.1 ${n1(f * 0.18)}" stroke-linecap="round"/>`);
  }
}

function ballroom(x: Ctx) {
  const { c, wedding } = x;
  hallCeiling(x);
  hallBackWall(x);
  hallSideWall(x, -1);
  hallSideWall(x, 1);
  hallCarpet(x);
  if (wedding) {
    // The aisle: a runner strewn with petals, from the door to the stage.
    face(c, [[-0.9, 0.004, 3.9], [0.9, 0.004, 3.9], [0.9, 0.004, NEAR], [-0.9, 0.004, NEAR]], '#c8361f');
    face(c, [[-0.8, 0.005, 3.9], [0.8, 0.005, 3.9], [0.8, 0.005, NEAR], [-0.8, 0.005, NEAR]], c.linearAt([[0, '#d9542a'], [1, '#b82a1c']], pr(c, [0, 0, 3.9]), [SCENE_WIDTH / 2, SCENE_HEIGHT]));
    for (let i = 0; i < 160; i++) {
      const z = 4 + x.rnd() * 13;
      const e = flat(c, (x.rnd() - 0.5) * 1.6, 0.006, z, 0.025);
      c.ellipse(e.cx, e.cy, e.rx, e.ry, MARIGOLD[i % 4]!, 'fill-opacity="0.85"');
    }
  }
  hallStage(x);
  for (const z of [2.8, 7.4, 12.0]) chandelier(x, 0, z, 1.2);
  for (const z of [5.1, 9.7]) for (const cx of [-6.4, 6.4]) chandelier(x, cx, z, 0.8);
  if (wedding) weddingCanopy(x);
  const rows = [5.7, 8.8, 11.9, 15.0];
  const cols = [-6.3, -2.6, 2.6, 6.3];
  let n = 0;
  for (const z of rows) {
    for (const cx of cols) {
      n++;
      const dress: TableDress = wedding
        ? { sash: n % 2 ? '#f2a516' : '#e8c547', centrepiece: 'marigold' }
        : { sash: mix(x.p.metal, '#ffffff', 0.15), centrepiece: z < 14 && n % 2 === Math.floor(n / 4) % 2 ? 'tall' : 'low' };
      banquetTable(x, cx, z, dress);
    }
    if (wedding) {
      // Flower pillars along the aisle.
      for (const side of [-1, 1]) {
        const az = z + 1.3;
        const [sx, sy] = pr(c, [side * 1.05, 0, az]);
        const f = c.cam.len(1, az);
        const [, ty] = pr(c, [side * 1.05, 1.2, az]);
        c.rect(sx - f * 0.06, ty, f * 0.12, sy - ty, x.paint('pillar', () => c.linear([[0, tint(x.p.metal, 0.3)], [0.5, x.p.metal], [1, shade(x.p.metal, 0.3)]], 0, 0, 1, 0)));
        flowerBall(x, sx, ty - f * 0.12, f * 0.26, [...MARIGOLD, ...WHITE_FLOWERS], 20);
        glow(x, sx, sy, f * 0.3, f * 0.1, '#ffb84a', 0.6);
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The boardroom: 9 m wide, 3.3 m high, a long table pointing at the screen, glass onto the city on
// the left, a wall of wood slats on the right; seen from the foot of the table.

const ROOM_HALF = 4.5;
const ROOM_HIGH = 3.3;
const ROOM_NEAR = 10.2;

function boardroomCamera(): Camera {
  const s = 1000 / 10.5;
  return new Camera(SCENE_WIDTH / 2, 520, 520 + 1.9 * s, s, 10.5);
}

/** An office chair on five spokes at (x, z), turned to face `angle` (0: towards +x). */
function officeChair(x: Ctx, cx: number, cz: number, angle: number, color: string) {
  const { c } = x;
  const cam = c.cam;
  const fw: [number, number] = [Math.cos(angle), Math.sin(angle)];
  const rt: [number, number] = [-Math.sin(angle), Math.cos(angle)];
  const at = (forward: number, right: number): [number, number] => [cx + fw[0] * forward + rt[0] * right, cz + fw[1] * forward + rt[1] * right];
  const foot = (f0: number, f1: number, r0: number, r1: number) => [at(f0, r0), at(f1, r0), at(f1, r1), at(f0, r1)];
  const f = cam.len(1, cz);
  const metal = '#3a3d42';
  c.shadow(cx - 0.35, cx + 0.35, cz - 0.3, cz + 0.3, 0.35);
  for (let i = 0; i < 5; i++) {
    const a = angle + 0.3 + (Math.PI * 2 * i) / 5;
    const end: V3 = [cx + Math.cos(a) * 0.32, 0.05, cz + Math.sin(a) * 0.32];
    c.line(pr(c, [cx, 0.09, cz]), pr(c, end), metal, Math.max(1.5, f * 0.035), 'stroke-linecap="round"');
    const w = pr(c, [end[0], 0.03, end[2]]);
    c.ellipse(w[0], w[1], f * 0.03, f * 0.02, '#1c1d20');
  }
  c.line(pr(c, [cx, 0.09, cz]), pr(c, [cx, 0.42, cz]), '#6f7277', Math.max(2, f * 0.04));
  const soft = f * 0.03;
  const parts: { d: number; draw: () => void }[] = [];
  const dist = ([px, pz]: [number, number]) => Math.hypot(px - cam.x, pz - cam.d);
  parts.push({ d: dist(at(0, 0)), draw: () => block(x, foot(-0.24, 0.26, -0.25, 0.25), 0.42, 0.53, color, { round: soft, top: tint(color, 0.16) }) });
  parts.push({
    d: dist(at(-0.28, 0)),
    draw: () => block(x, foot(-0.31, -0.22, -0.24, 0.24), 0.53, 1.18, color, { round: soft * 1.4, foot1: foot(-0.38, -0.29, -0.22, 0.22), fall: 0.12 }),
  });
  for (const side of [-1, 1]) {
    parts.push({
      d: dist(at(-0.02, side * 0.29)) - 0.01,
      draw: () => {
        block(x, foot(-0.05, 0.0, side * 0.27, side * 0.3), 0.5, 0.64, metal);
        block(x, foot(-0.2, 0.14, side * 0.26, side * 0.31), 0.64, 0.68, '#25272b', { round: soft * 0.5 });
      },
    });
  }
  parts.sort((a1, a2) => a2.d - a1.d);
  for (const part of parts) part.draw();
}

/** The view through the glass wall on the left: the city, seen past the mullions. */
function glassWall(x: Ctx, view: View) {
  const { c, p, rnd } = x;
  const X = -ROOM_HALF;
  const H = ROOM_HIGH;
  const N = ROOM_NEAR;
  const glass: V3[] = [[X, H, 0], [X, H, N], [X, 0.12, N], [X, 0.12, 0]];
  const id = `hall-clip-${++x.clipCount}`;
  c.defs.push(`<clipPath id="${id}"><polygon points="${points(glass.map((v) => pr(c, v)))}"/></clipPath>`);
  // Distant things do not move with perspective: the city is a flat picture behind the glass,
  // seen from high up, so its treetops lie a little below the eye.
  const [, horizon] = pr(c, [X, c.cam.eye, 0]);
  const size = 640;
  const top = horizon + 280 - size * 0.93;
  const day = view === 'skyline-day';
  c.add(
    `<g clip-path="url(#${id})"><rect x="0" y="0" width="700" height="${n1(top + 2)}" fill="${day ? '#7fb6e0' : '#2f3f6e'}"/><rect x="0" y="${n1(top + size * 0.9)}" width="700" height="${n1(SCENE_HEIGHT)}" fill="${day ? '#3f6b45' : '#2b3326'}"/><svg x="-60" y="${n1(top)}" width="${size}" height="${size}" viewBox="0 0 1000 1000">${drawView(c, view, rnd)}</svg></g>`,
  );
  c.add(`<g clip-path="url(#${id})">`);
  face(c, glass, c.linearAt([[0, '#ffffff', 0.18], [0.5, '#ffffff', 0.04], [1, '#ffffff', 0.12]], [0, 0], [600, 900]));
  // Roller blinds, half a metre down.
  face(c, [[X, H, 0], [X, H, N], [X, H - 0.55, N], [X, H - 0.55, 0]], tint(p.drape, 0.55), 'fill-opacity="0.88"');
  face(c, [[X, H - 0.55, 0], [X, H - 0.55, N], [X, H - 0.6, N], [X, H - 0.6, 0]], shade(p.drape, 0.2));
  c.add('</g>');
  for (let z = 0; z < N; z += 1.5) {
    face(c, [[X, H, z], [X, H, z + 0.07], [X, 0, z + 0.07], [X, 0, z]], '#34383d');
    face(c, [[X, H, z + 0.07], [X + 0.1, H, z + 0.07], [X + 0.1, 0, z + 0.07], [X, 0, z + 0.07]], '#50555b');
  }
  face(c, [[X, 0.12, 0], [X, 0.12, N], [X + 0.3, 0.12, N], [X + 0.3, 0.12, 0]], tint(p.trim, 0.1));
  face(c, [[X + 0.3, 0.12, 0], [X + 0.3, 0.12, N], [X + 0.3, 0, N], [X + 0.3, 0, 0]], shade(p.trim, 0.2));
  // Daylight on the carpet.
  face(c, [[X + 0.3, 0, 0.3], [X + 0.3, 0, N], [X + 2.6, 0, N], [X + 2.6, 0, 0.3]], c.linear([[0, '#fff6dc', 0.22], [1, '#fff6dc', 0]], 0, 0, 1, 0));
}

function boardroom(x: Ctx) {
  const { c, p, rnd } = x;
  const W = ROOM_HALF;
  const H = ROOM_HIGH;
  const N = ROOM_NEAR;
  const back = pr(c, [0, H, 0]);
  // Ceiling: a raised panel over the table with a cove of light, downlights either side.
  face(c, [[-W, H, 0], [W, H, 0], [W, H, N], [-W, H, N]], c.linearAt([[0, tint(p.ceiling, 0.15)], [1, shade(p.ceiling, 0.1)]], back, [back[0], 0]));
  const T = 1.7;
  face(c, [[-T, H + 0.2, 0.8], [T, H + 0.2, 0.8], [T, H + 0.2, N], [-T, H + 0.2, N]], tint(p.ceiling, 0.3));
  fade(c, (t) => [[-T, H + 0.2, 0.8], [-T + t * 0.8, H + 0.2, 0.8], [-T + t * 0.8, H + 0.2, N], [-T, H + 0.2, N]], '#ffe9b8', 0.7);
  fade(c, (t) => [[T, H + 0.2, 0.8], [T - t * 0.8, H + 0.2, 0.8], [T - t * 0.8, H + 0.2, N], [T, H + 0.2, N]], '#ffe9b8', 0.7);
  for (const side of [-1, 1]) face(c, [[side * T, H, 0.8], [side * T, H + 0.2, 0.8], [side * T, H + 0.2, N], [side * T, H, N]], '#fff1cf');
  face(c, [[-T, H, 0.8], [T, H, 0.8], [T, H + 0.2, 0.8], [-T, H + 0.2, 0.8]], '#fff1cf');
  for (const lx of [-3.0, 3.0]) {
    for (let z = 1.2; z < N; z += 1.6) {
      const e = flat(c, lx, H, z, 0.08);
      glow(x, e.cx, e.cy + e.rx * 1.5, e.rx * 5, e.rx * 3.5, '#fff3d6', 0.4);
      c.ellipse(e.cx, e.cy, e.rx, e.ry, '#fffbea');
    }
  }
  // Back wall: wood either side of the screen.
  const [ax, ay] = pr(c, [-W, H, 0]);
  const [bx, by] = pr(c, [W, 0, 0]);
  c.rect(ax, ay, bx - ax, by - ay, c.linear([[0, p.wall[0]], [1, p.wall[1]]]));
  for (const side of [-1, 1]) {
    const [px0, py0] = pr(c, [side * 2.3, H, 0]);
    const [px1, py1] = pr(c, [side * W, 0, 0]);
    c.rect(Math.min(px0, px1), py0, Math.abs(px1 - px0), py1 - py0, c.linear([[0, tint(p.wood, 0.12)], [1, shade(p.wood, 0.15)]]));
    for (let sx = 2.3 + 0.12; sx < W; sx += 0.12) c.line(pr(c, [side * sx, H, 0]), pr(c, [side * sx, 0, 0]), shade(p.wood, 0.35), 1.5, 'stroke-opacity="0.6"');
  }
  // Wall lights washing the wood.
  for (const side of [-1, 1]) {
    const [gx, gy] = pr(c, [side * 3.4, H, 0]);
    c.ellipse(gx, gy + c.cam.len(0.9), c.cam.len(0.6), c.cam.len(1.3), c.radial([[0, '#ffe4b0', 0.5], [1, '#ffe4b0', 0]], 0.5, 0.2, 0.7));
  }
  // The screen: switched on, showing a river at dusk.
  const [sx0, sy0] = pr(c, [-1.85, 2.95, 0.02]);
  const [sx1, sy1] = pr(c, [1.85, 0.95, 0.02]);
  const sw = sx1 - sx0;
  const sh = sy1 - sy0;
  glow(x, (sx0 + sx1) / 2, (sy0 + sy1) / 2, sw * 0.75, sh * 0.9, '#cfe3f5', 0.35);
  c.rect(sx0 - 6, sy0 - 6, sw + 12, sh + 12, '#17191c', 'rx="4"');
  c.rect(sx0, sy0, sw, sh, c.linear([[0, '#24486e'], [0.55, '#5a7fa8'], [1, '#e6b17a']]));
  c.ellipse(sx0 + sw * 0.68, sy0 + sh * 0.52, sh * 0.11, sh * 0.11, '#ffe2a8');
  c.ellipse(sx0 + sw * 0.68, sy0 + sh * 0.52, sh * 0.3, sh * 0.3, c.radial([[0, '#ffe2a8', 0.5], [1, '#ffe2a8', 0]]));
  c.add(
    `<path d="M${n1(sx0)} ${n1(sy0 + sh * 0.62)} Q ${n1(sx0 + sw * 0.25)} ${n1(sy0 + sh * 0.5)} ${n1(sx0 + sw * 0.45)} ${n1(sy0 + sh * 0.6)} T ${n1(sx1)} ${n1(sy0 + sh * 0.58)} V ${n1(sy1)} H ${n1(sx0)} Z" fill="#2e4a4a"/>`,
    `<path d="M${n1(sx0)} ${n1(sy0 + sh * 0.8)} Q ${n1(sx0 + sw * 0.5)} ${n1(sy0 + sh * 0.68)} ${n1(sx1)} ${n1(sy0 + sh * 0.78)} V ${n1(sy1)} H ${n1(sx0)} Z" fill="#6f93b0"/>`,
    `<path d="M${n1(sx0 + sw * 0.4)} ${n1(sy0 + sh * 0.84)} q ${n1(sw * 0.06)} ${n1(-sh * 0.05)} ${n1(sw * 0.12)} 0 l ${n1(-sw * 0.02)} ${n1(sh * 0.03)} h ${n1(-sw * 0.08)} z" fill="#1f2a30"/>`,
  );
  c.poly([[sx0, sy0], [sx0 + sw * 0.3, sy0], [sx0 + sw * 0.1, sy1], [sx0, sy1]], '#ffffff', 'fill-opacity="0.06"');
  face(c, [[-W, H - 0.06, 0], [W, H - 0.06, 0], [W, H, 0], [-W, H, 0]], shade(p.ceiling, 0.15));
  face(c, [[-W, 0.1, 0], [W, 0.1, 0], [W, 0, 0], [-W, 0, 0]], shade(p.wood, 0.3));
  // Right wall: wood slats, lit from above.
  const R = W;
  face(c, [[R, H, 0], [R, H, N], [R, 0, N], [R, 0, 0]], c.linearAt([[0, tint(p.wood, 0.05)], [1, shade(p.wood, 0.2)]], pr(c, [R, 0, 0]), [SCENE_WIDTH, 700]));
  for (let z = 0.06; z < N; z += 0.11) face(c, [[R, H, z], [R, H, z + 0.025], [R, 0, z + 0.025], [R, 0, z]], shade(p.wood, 0.45), 'fill-opacity="0.55"');
  for (let z = 1.5; z < N; z += 2.2) {
    const e = flat(c, R - 0.05, H, z, 0.1);
    c.ellipse(e.cx, e.cy + c.cam.len(0.8, z), c.cam.len(0.25, z), c.cam.len(1.1, z), c.radial([[0, '#ffe2a8', 0.45], [1, '#ffe2a8', 0]], 0.5, 0.15, 0.7));
  }
  face(c, [[R, 0.1, 0], [R, 0.1, N], [R, 0, N], [R, 0, 0]], shade(p.wood, 0.4));
  glassWall(x, 'skyline-day');
  // The carpet: a quiet stripe.
  const carpet = mix(p.fabric, p.rug, 0.55);
  const fb = pr(c, [0, 0, 0]);
  face(c, [[-W + 0.3, 0, 0], [W, 0, 0], [W, 0, N], [-W + 0.3, 0, N]], c.linearAt([[0, shade(carpet, 0.05)], [1, shade(carpet, 0.22)]], fb, [fb[0], SCENE_HEIGHT]));
  for (let lx = -W + 0.5; lx < W; lx += 0.3) c.line(pr(c, [lx, 0, 0]), pr(c, [lx, 0, N]), shade(carpet, 0.2), 1.2, 'stroke-opacity="0.4"');
  face(c, [[-W + 0.3, 0.001, 0.3], [-W + 0.3, 0.001, N], [-W + 2.6, 0.001, N], [-W + 2.6, 0.001, 0.3]], c.linear([[0, '#fff6dc', 0.2], [1, '#fff6dc', 0]], 0, 0, 1, 0));
  // The credenza under the screen, with an orchid, and plants in the corners.
  c.shadow(-2.2, 2.2, 0, 0.5, 0.3);
  c.box(-2.2, 2.2, 0.08, 0.62, 0, 0.45, p.wood, { top: tint(p.wood, 0.2) });
  for (const dx of [-1.1, 0, 1.1]) c.line(pr(c, [dx, 0.58, 0.45]), pr(c, [dx, 0.12, 0.45]), shade(p.wood, 0.4), 2);
  const [ox, oy] = pr(c, [-1.3, 0.62, 0.2]);
  const of = c.cam.len(1, 0.2);
  c.rect(ox - of * 0.08, oy - of * 0.14, of * 0.16, of * 0.14, '#f4f1ea');
  for (let i = 0; i < 3; i++) {
    const ex = ox + (i - 1) * of * 0.12;
    c.add(`<path d="M${n1(ox)} ${n1(oy - of * 0.14)} Q ${n1(ex)} ${n1(oy - of * 0.5)} ${n1(ex + of * 0.1)} ${n1(oy - of * 0.45)}" fill="none" stroke="#4f7a45" stroke-width="2"/>`);
    for (let k = 0; k < 4; k++) c.ellipse(ex + of * (0.02 + k * 0.03), oy - of * (0.48 - k * 0.05), of * 0.03, of * 0.025, '#fbf7fb');
  }
  c.box(0.9, 1.5, 0.62, 0.66, 0.1, 0.35, '#2a2c30');
  plant(c, -3.8, 0.55, rnd, 1.5);
  plant(c, 3.85, 0.55, rnd, 1.5);
  // Three slim bars of light hung across the table.
  for (const z of [2.9, 5.0, 7.1]) {
    for (const lx of [-0.7, 0.7]) c.line(pr(c, [lx, H, z]), pr(c, [lx, 2.5, z]), '#6b6e73', 1.5);
    c.box(-0.85, 0.85, 2.44, 2.5, z - 0.04, z + 0.04, '#2c2e32');
    face(c, [[-0.85, 2.44, z - 0.04], [0.85, 2.44, z - 0.04], [0.85, 2.44, z + 0.04], [-0.85, 2.44, z + 0.04]], '#fff8e6');
    const [gx, gy] = pr(c, [0, 2.44, z]);
    glow(x, gx, gy, c.cam.len(1.8, z), c.cam.len(0.7, z), '#fff1cf', 0.7);
    const [lx0, ly0] = pr(c, [-0.85, 2.44, z + 0.04]);
    const [lx1] = pr(c, [0.85, 2.44, z + 0.04]);
    c.rect(lx0, ly0 - 2, lx1 - lx0, 3, '#fffbee');
  }
  // Chairs along the slatted wall, for those who sit behind.
  for (let z = 2.4; z < 7.5; z += 0.85) officeChair(x, 3.75, z, Math.PI + (rnd() - 0.5) * 0.2, shade(p.fabric, 0.05));
  // The table and its chairs: nine a side and one at the head.
  const z0 = 1.6;
  const z1 = 8.7;
  const half = (z: number) => 0.82 + 0.2 * Math.sin((Math.PI * (z - z0)) / (z1 - z0));
  c.add(`<polygon points="${points(Array.from({ length: 21 }, (_, i) => pr(c, [-half(z0 + ((z1 - z0) * i) / 20) - 0.1, 0, z0 + ((z1 - z0) * i) / 20])).concat(Array.from({ length: 21 }, (_, i) => pr(c, [half(z1 - ((z1 - z0) * i) / 20) + 0.1, 0, z1 - ((z1 - z0) * i) / 20]))))}" fill="#000000" fill-opacity="0.22"/>`);
  for (const z of [3.0, 7.2]) c.box(-0.35, 0.35, 0, 0.7, z - 0.2, z + 0.2, shade(p.wood, 0.35));
  const seats: [number, number, number][] = [[0, 1.0, Math.PI / 2]];
  for (let z = 2.15; z < 8.4; z += 0.76) {
    seats.push([-(half(z) + 0.42), z, (rnd() - 0.5) * 0.3]);
    seats.push([half(z) + 0.42, z, Math.PI + (rnd() - 0.5) * 0.3]);
  }
  seats.sort((s1, s2) => s1[1] - s2[1]);
  for (const [cx, cz, a] of seats) officeChair(x, cx, cz, a, p.fabric);
  // The top: polished wood, the lights and the window caught in it.
  const edge = (sign: number) => Array.from({ length: 21 }, (_, i): V3 => [sign * half(z0 + ((z1 - z0) * i) / 20), 0.75, z0 + ((z1 - z0) * i) / 20]);
  const outline = [...edge(-1), ...edge(1).reverse()];
  face(c, [...edge(-1).map(([ex, , ez]): V3 => [ex, 0.7, ez]).slice(-1), ...edge(1).slice(-1).map(([ex, , ez]): V3 => [ex, 0.7, ez]), ...edge(1).slice(-1), ...edge(-1).slice(-1)], shade(p.wood, 0.45));
  face(c, outline, c.linearAt([[0, tint(p.wood, 0.22)], [1, shade(p.wood, 0.12)]], pr(c, [0, 0.75, z0]), pr(c, [0, 0.75, z1])), `stroke="${shade(p.wood, 0.4)}" stroke-width="3" stroke-linejoin="round"`);
  face(c, [[-0.1, 0.75, z0 + 0.4], [0.1, 0.75, z0 + 0.4], [0.1, 0.75, z1 - 0.3], [-0.1, 0.75, z1 - 0.3]], '#fff6e0', 'fill-opacity="0.16"');
  face(c, [[-0.9, 0.75, z0 + 0.6], [-0.6, 0.75, z0 + 0.6], [-0.6, 0.75, z1 - 0.6], [-0.9, 0.75, z1 - 0.6]], '#e8f2fa', 'fill-opacity="0.1"');
  // At each place a notepad and pen, a glass, and a bottle of water between two.
  let k = 0;
  for (const [cx, cz] of seats) {
    if (cx === 0) continue;
    const side = Math.sign(cx);
    const px = side * (half(cz) - 0.3);
    face(c, [[px - 0.11, 0.752, cz - 0.15], [px + 0.11, 0.752, cz - 0.15], [px + 0.11, 0.752, cz + 0.15], [px - 0.11, 0.752, cz + 0.15]], '#fbfaf6');
    c.line(pr(c, [px + side * 0.14, 0.754, cz - 0.12]), pr(c, [px + side * 0.14, 0.754, cz + 0.1]), '#2b2d31', Math.max(1, c.cam.len(0.012, cz)), 'stroke-linecap="round"');
    const [gx, gy] = pr(c, [side * (half(cz) - 0.5), 0.75, cz - 0.3]);
    const gf = c.cam.len(1, cz);
    c.rect(gx - gf * 0.035, gy - gf * 0.12, gf * 0.07, gf * 0.12, x.paint('glassTumbler', () => c.linear([[0, '#eef6f8', 0.9], [1, '#cfe0e6', 0.7]], 0, 0, 1, 0)), `rx="${n1(gf * 0.01)}"`);
    if (k++ % 2 === 0) {
      const [wx, wy] = pr(c, [side * (half(cz) - 0.62), 0.75, cz + 0.38]);
      c.rect(wx - gf * 0.035, wy - gf * 0.2, gf * 0.07, gf * 0.2, x.paint('bottle', () => c.linear([[0, '#d8ecf4'], [0.5, '#a9d0e2'], [1, '#d8ecf4']], 0, 0, 1, 0)), `rx="${n1(gf * 0.02)}"`);
      c.rect(wx - gf * 0.02, wy - gf * 0.24, gf * 0.04, gf * 0.04, p.fabric);
    }
  }
  // Orchids down the middle, and the conference phone.
  for (const z of [3.4, 6.6]) {
    const [fx, fy] = pr(c, [0, 0.75, z]);
    const ff = c.cam.len(1, z);
    c.ellipse(fx, fy - ff * 0.04, ff * 0.28, ff * 0.07, '#f4f1ea');
    flowerBall(x, fx, fy - ff * 0.12, ff * 0.2, ['#fbf7fb', '#f3e6f0', '#ffffff'], 14);
  }
  const [qx, qy] = pr(c, [0, 0.75, 5.0]);
  const qf = c.cam.len(1, 5.0);
  c.add(`<path d="M${n1(qx - qf * 0.16)} ${n1(qy + qf * 0.03)} L ${n1(qx)} ${n1(qy - qf * 0.06)} L ${n1(qx + qf * 0.16)} ${n1(qy + qf * 0.03)} Z" fill="#1f2124" stroke="#1f2124" stroke-width="${n1(qf * 0.04)}" stroke-linejoin="round"/>`);
}

// ---------------------------------------------------------------------------------------------

/** The SVG of one hall at the full SCENE_WIDTH × SCENE_HEIGHT. */
export function hallSceneSvg(options: HallSceneOptions): string {
  const kind = options.kind;
  const wedding = kind === 'ballroom-wedding';
  const p: Palette = PALETTES[options.palette ?? (kind === 'boardroom' ? 'night' : 'terracotta')];
  const cam = kind === 'boardroom' ? boardroomCamera() : ballroomCamera(wedding);
  const c = new Canvas(cam);
  const cache = new Map<string, string>();
  const x: Ctx = {
    c,
    p,
    rnd: random(options.seed ?? 1),
    wedding,
    paint: (key, make) => {
      let v = cache.get(key);
      if (v === undefined) {
        v = make();
        cache.set(key, v);
      }
      return v;
    },
    clipCount: 0,
  };
  if (kind === 'boardroom') boardroom(x);
  else ballroom(x);
  // Warm light and a gentle vignette, as in the rooms; warmer for the holud.
  c.rect(0, 0, SCENE_WIDTH, SCENE_HEIGHT, c.linear([[0, '#ffcf8a', wedding ? 0.12 : 0.06], [1, '#ff9a3c', wedding ? 0.1 : 0.04]], 0, 0, 1, 1));
  c.rect(0, 0, SCENE_WIDTH, SCENE_HEIGHT, c.radial([[0, '#000000', 0], [0.7, '#000000', 0.05], [1, '#000000', 0.32]], 0.5, 0.5, 0.75));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}"><defs>${c.defs.join('')}</defs>${c.body.join('')}</svg>`;
}
