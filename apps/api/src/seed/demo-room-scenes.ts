/**
 * Pictures for the demo rooms, drawn on this machine (the seed never reaches the internet): each
 * is an SVG interior (a bedroom, a lounge corner or a bathroom) in one-point perspective, with a
 * window onto a Dhaka skyline, a garden or a lake, rasterised by sharp and then stored like any
 * upload. Deterministic: the same scene and seed always give the same picture.
 */

export const SCENE_WIDTH = 1920;
export const SCENE_HEIGHT = 1280;

/** The colours of one room's decoration. */
export interface Palette {
  /** Back wall, top and bottom. */
  wall: [string, string];
  ceiling: string;
  /** Skirting, window frames, picture frames. */
  trim: string;
  /** Floor, far and near. */
  floor: [string, string];
  plank: string;
  /** Headboard and sofa upholstery. */
  fabric: string;
  /** Bed runner, cushions, armchair. */
  accent: string;
  /** Furniture wood. */
  wood: string;
  /** The panel behind the bed (wood slats or fabric). */
  panel: string;
  rug: string;
  linen: string;
  drape: string;
  /** Bathroom tiles (the bath scene uses these instead of the wall colours). */
  tile: [string, string];
  metal: string;
}

export const PALETTES = {
  /** Warm sand and teal: the standard rooms. */
  sand: {
    wall: ['#efe3cf', '#e2d0b4'],
    ceiling: '#f7f0e4',
    trim: '#fbf7ef',
    floor: ['#b88a5e', '#8f6440'],
    plank: '#6e4a2c',
    fabric: '#2f6f6b',
    accent: '#d9a441',
    wood: '#8a5a36',
    panel: '#c9ad86',
    rug: '#d8c7aa',
    linen: '#fbfaf6',
    drape: '#cbb089',
    tile: ['#efe9df', '#ddd3c3'],
    metal: '#c9a227',
  },
  /** Deep teal feature wall and gold: deluxe. */
  teal: {
    wall: ['#e9e4da', '#d9d1c2'],
    ceiling: '#f6f2ea',
    trim: '#f8f5ee',
    floor: ['#9c7150', '#6f4b31'],
    plank: '#553722',
    fabric: '#154f52',
    accent: '#c9a227',
    wood: '#6b4327',
    panel: '#1f5c5d',
    rug: '#cdbfa6',
    linen: '#fbfaf7',
    drape: '#1b5657',
    tile: ['#ece7de', '#d6cdbf'],
    metal: '#c9a227',
  },
  /** Soft sage and oak: the garden twins. */
  sage: {
    wall: ['#e3e8d8', '#cfd8bf'],
    ceiling: '#f5f6ee',
    trim: '#fafaf4',
    floor: ['#c49a6c', '#9a7148'],
    plank: '#7a5532',
    fabric: '#6f8a5a',
    accent: '#e0b25a',
    wood: '#a0713f',
    panel: '#b9c6a2',
    rug: '#e6dcc6',
    linen: '#fcfbf7',
    drape: '#e8dcc2',
    tile: ['#eef0e6', '#d9ddcb'],
    metal: '#b8b4a8',
  },
  /** Ink, walnut and brass: the executive suite. */
  night: {
    wall: ['#d8d2c6', '#bfb6a6'],
    ceiling: '#ece6dc',
    trim: '#efe9df',
    floor: ['#6e4b33', '#4a3020'],
    plank: '#35210f',
    fabric: '#1d2f45',
    accent: '#c08b2c',
    wood: '#4e3323',
    panel: '#2b2622',
    rug: '#b7a88f',
    linen: '#f8f6f1',
    drape: '#4a4038',
    tile: ['#dcd6cc', '#bfb6a8'],
    metal: '#c9a227',
  },
  /** Terracotta and cream: the family room. */
  terracotta: {
    wall: ['#f3e6d6', '#e7d2b9'],
    ceiling: '#faf3e8',
    trim: '#fdf8f0',
    floor: ['#c0916a', '#96683f'],
    plank: '#714b2b',
    fabric: '#b3593a',
    accent: '#2f6f6b',
    wood: '#94603a',
    panel: '#dcbf9c',
    rug: '#e9dcc4',
    linen: '#fdfbf6',
    drape: '#d79f7e',
    tile: ['#f2ebe0', '#e0d3c0'],
    metal: '#c9a227',
  },
} satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;
export type View = 'skyline-day' | 'skyline-dusk' | 'skyline-night' | 'garden' | 'lake';
type SceneKind = 'king' | 'queen' | 'twin' | 'family' | 'lounge' | 'bath-shower' | 'bath-tub';

export interface SceneOptions {
  kind: SceneKind;
  palette: PaletteName;
  view: View;
  /** Varies the skyline, the trees and the small things; the same seed gives the same picture. */
  seed: number;
  /** Mirrors the room left to right, so two pictures of one kind do not look alike. */
  mirror?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Projection. Positions are in metres: x across the room from the line of sight, y up from the
// floor, z out from the back wall towards the camera (which stands D metres from the wall with
// its eye at about 2.2 m, as an interiors photographer holds it, looking onto the bed). At the wall a metre is S pixels; nearer things grow by D / (D - z).

const VX = SCENE_WIDTH / 2;
const VY = 430;
const FLOOR_Y = 960;
const S = 236;
const D = 5;
/** Height of the ceiling in metres. */
const CEILING = 3;

export type Pt = [number, number];

/**
 * A one-point perspective camera: the wall it faces is `d` metres away, a metre on that wall is
 * `s` pixels, the vanishing point is at (`vx`, `vy`) and the foot of that wall at `floorY`. The
 * camera stands across from `x` (0: on the line of sight). The rooms use ROOM_CAMERA; other
 * scenes (the halls) make their own.
 */
export class Camera {
  readonly vx: number;
  readonly vy: number;
  readonly floorY: number;
  readonly s: number;
  readonly d: number;
  readonly x: number;

  constructor(vx: number, vy: number, floorY: number, s: number, d: number, x = 0) {
    this.vx = vx;
    this.vy = vy;
    this.floorY = floorY;
    this.s = s;
    this.d = d;
    this.x = x;
  }

  /** How much nearer things grow at distance `z` from the wall. */
  depth(z: number): number {
    return this.d / (this.d - z);
  }

  /** The picture position of (x, y, z), in metres. */
  P(x: number, y: number, z = 0): Pt {
    const f = this.depth(z);
    return [this.vx + (x - this.x) * this.s * f, this.vy + (this.floorY - this.vy - y * this.s) * f];
  }

  /** Screen length of `m` metres at distance `z` from the wall. */
  len(m: number, z = 0): number {
    return m * this.s * this.depth(z);
  }

  /** Height of the eye in metres. */
  get eye(): number {
    return (this.floorY - this.vy) / this.s;
  }
}

const ROOM_CAMERA = new Camera(VX, VY, FLOOR_Y, S, D);

const depth = (z: number) => ROOM_CAMERA.depth(z);
const P = (x: number, y: number, z = 0): Pt => ROOM_CAMERA.P(x, y, z);
/** Screen length of `m` metres at distance `z` from the wall. */
const len = (m: number, z = 0) => ROOM_CAMERA.len(m, z);
export const n1 = (v: number) => Math.round(v * 10) / 10;
export const points = (pts: Pt[]) => pts.map(([x, y]) => `${n1(x)},${n1(y)}`).join(' ');

// ---------------------------------------------------------------------------------------------
// Colours and randomness.

function rgb(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const c = (x: number, y: number) => Math.round(x + (y - x) * t).toString(16).padStart(2, '0');
  return `#${c(r1, r2)}${c(g1, g2)}${c(b1, b2)}`;
}
export const shade = (c: string, t: number) => mix(c, '#000000', t);
export const tint = (c: string, t: number) => mix(c, '#ffffff', t);

/** mulberry32: a small seeded generator, so a scene is the same on every machine. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Stop = [offset: number, color: string, opacity?: number];

/** Collects gradients (with unique ids) and drawing commands. */
export class Canvas {
  defs: string[] = [];
  body: string[] = [];
  /** The projection that `shadow` and `box` use. */
  readonly cam: Camera;
  private count = 0;

  constructor(cam: Camera = ROOM_CAMERA) {
    this.cam = cam;
  }

  private stops(stops: Stop[]) {
    return stops
      .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
      .join('');
  }

  /** A linear gradient, top to bottom unless told otherwise (fractions of the shape's box). */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = `g${++this.count}`;
    this.defs.push(`<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`);
    return `url(#${id})`;
  }

  /** A linear gradient in picture coordinates (the same light across several shapes). */
  linearAt(stops: Stop[], [x1, y1]: Pt, [x2, y2]: Pt): string {
    const id = `g${++this.count}`;
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n1(x1)}" y1="${n1(y1)}" x2="${n1(x2)}" y2="${n1(y2)}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = `g${++this.count}`;
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  add(...parts: string[]) {
    this.body.push(...parts);
  }

  poly(pts: Pt[], fill: string, extra = '') {
    this.add(`<polygon points="${points(pts)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`);
  }

  rect(x: number, y: number, w: number, h: number, fill: string, extra = '') {
    this.add(`<rect x="${n1(x)}" y="${n1(y)}" width="${n1(w)}" height="${n1(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') {
    this.add(`<ellipse cx="${n1(cx)}" cy="${n1(cy)}" rx="${n1(rx)}" ry="${n1(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`);
  }

  line(a: Pt, b: Pt, stroke: string, width: number, extra = '') {
    this.add(
      `<line x1="${n1(a[0])}" y1="${n1(a[1])}" x2="${n1(b[0])}" y2="${n1(b[1])}" stroke="${stroke}" stroke-width="${n1(width)}"${extra ? ` ${extra}` : ''}/>`,
    );
  }

  /** A soft shadow on the floor under a footprint. */
  shadow(x0: number, x1: number, z0: number, z1: number, strength = 0.35) {
    const [ax, ay] = this.cam.P(x0, 0, z0);
    const [bx, by] = this.cam.P(x1, 0, z1);
    const fill = this.radial([[0, '#000000', strength], [0.6, '#000000', strength * 0.5], [1, '#000000', 0]]);
    this.ellipse((ax + bx) / 2, (ay + by) / 2, Math.abs(bx - ax) / 2 + 40, Math.abs(by - ay) / 2 + 22, fill);
  }

  /**
   * A box (x0..x1, y0..y1, z0..z1) with its visible faces: the top when below the eye, the side
   * facing the line of sight, and the front. `round` softens upholstered things.
   */
  box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number, color: string, options: { round?: number; top?: string; front?: string; side?: string } = {}) {
    const { cam } = this;
    const P = (x: number, y: number, z: number) => cam.P(x, y, z);
    const join = options.round ? `stroke-linejoin="round" stroke-width="${options.round}"` : '';
    const edge = (fill: string) => (options.round ? `${join} stroke="${fill}"` : '');
    const topFill = options.top ?? tint(color, 0.14);
    const sideFill = options.side ?? shade(color, 0.2);
    const frontFill = options.front ?? this.linear([[0, color], [1, shade(color, 0.14)]]);
    if (y1 * cam.s < cam.floorY - cam.vy) {
      this.poly([P(x0, y1, z0), P(x1, y1, z0), P(x1, y1, z1), P(x0, y1, z1)], topFill, edge(topFill));
    }
    if (x0 > cam.x) this.poly([P(x0, y1, z0), P(x0, y1, z1), P(x0, y0, z1), P(x0, y0, z0)], sideFill, edge(sideFill));
    if (x1 < cam.x) this.poly([P(x1, y1, z0), P(x1, y1, z1), P(x1, y0, z1), P(x1, y0, z0)], sideFill, edge(sideFill));
    const frontEdge = options.round ? `${join} stroke="${shade(color, 0.05)}"` : '';
    this.poly([P(x0, y1, z1), P(x1, y1, z1), P(x1, y0, z1), P(x0, y0, z1)], frontFill, frontEdge);
  }
}

// ---------------------------------------------------------------------------------------------
// Views through the window, drawn in a 1000 × 1000 box that the window crops.

function skyColors(view: View): Stop[] {
  switch (view) {
    case 'skyline-dusk':
      return [[0, '#2f3f6e'], [0.45, '#8d6a93'], [0.75, '#e8956a'], [1, '#f7c889']];
    case 'skyline-night':
      return [[0, '#0b1830'], [0.6, '#1d3258'], [1, '#3c4f78']];
    case 'lake':
      return [[0, '#8fc0e3'], [0.7, '#d6e9f2'], [1, '#f4efe0']];
    default:
      return [[0, '#7fb6e0'], [0.65, '#cfe5f1'], [1, '#f1ede2']];
  }
}

export function drawView(c: Canvas, view: View, rnd: () => number): string {
  const parts: string[] = [];
  const sky = c.linear(skyColors(view));
  parts.push(`<rect width="1000" height="1000" fill="${sky}"/>`);
  const night = view === 'skyline-night';
  const dusk = view === 'skyline-dusk';

  if (night) {
    parts.push(`<circle cx="780" cy="170" r="34" fill="#f4efd9"/>`);
    parts.push(`<circle cx="780" cy="170" r="120" fill="${c.radial([[0, '#f4efd9', 0.35], [1, '#f4efd9', 0]])}"/>`);
    for (let i = 0; i < 40; i++) {
      parts.push(`<circle cx="${n1(rnd() * 1000)}" cy="${n1(rnd() * 420)}" r="${n1(1 + rnd() * 1.6)}" fill="#ffffff" fill-opacity="${n1(0.4 + rnd() * 0.5)}"/>`);
    }
  } else if (dusk) {
    parts.push(`<circle cx="300" cy="640" r="300" fill="${c.radial([[0, '#ffd9a0', 0.9], [0.3, '#ffc27a', 0.45], [1, '#ffb070', 0]])}"/>`);
    parts.push(`<circle cx="300" cy="640" r="46" fill="#fff1cf"/>`);
  } else {
    parts.push(`<circle cx="820" cy="150" r="260" fill="${c.radial([[0, '#ffffff', 0.85], [0.25, '#fff8e0', 0.4], [1, '#ffffff', 0]])}"/>`);
    for (let i = 0; i < 5; i++) {
      const x = rnd() * 1000;
      const y = 120 + rnd() * 260;
      const w = 80 + rnd() * 120;
      parts.push(
        `<g fill="#ffffff" fill-opacity="${n1(0.55 + rnd() * 0.3)}"><ellipse cx="${n1(x)}" cy="${n1(y)}" rx="${n1(w)}" ry="${n1(w * 0.22)}"/><ellipse cx="${n1(x - w * 0.3)}" cy="${n1(y - w * 0.14)}" rx="${n1(w * 0.45)}" ry="${n1(w * 0.22)}"/><ellipse cx="${n1(x + w * 0.25)}" cy="${n1(y - w * 0.18)}" rx="${n1(w * 0.38)}" ry="${n1(w * 0.2)}"/></g>`,
      );
    }
  }

  if (view.startsWith('skyline')) {
    const haze = night ? '#30436b' : dusk ? '#b88a8f' : '#a9c3d6';
    const mid = night ? '#152238' : dusk ? '#5b4a62' : '#7f97ab';
    const near = night ? '#0d1626' : dusk ? '#3b3148' : '#5d7387';
    const lit = night ? '#ffd98a' : dusk ? '#ffe0a0' : '#dfeefa';
    // Far towers in the haze.
    for (let x = -20; x < 1000; ) {
      const w = 40 + rnd() * 60;
      const h = 160 + rnd() * 260;
      parts.push(`<rect x="${n1(x)}" y="${n1(760 - h)}" width="${n1(w)}" height="${n1(h + 40)}" fill="${haze}"/>`);
      x += w + rnd() * 18;
    }
    // A mosque on the skyline: dome, drum and two minarets.
    const mx = 120 + rnd() * 200;
    parts.push(
      `<g fill="${mid}"><rect x="${n1(mx - 70)}" y="640" width="140" height="160"/><path d="M${n1(mx - 58)} 642a58 62 0 0 1 116 0z"/><rect x="${n1(mx - 3)}" y="562" width="6" height="22"/><rect x="${n1(mx - 110)}" y="520" width="16" height="280"/><rect x="${n1(mx + 94)}" y="520" width="16" height="280"/><path d="M${n1(mx - 110)} 522l8-30 8 30zM${n1(mx + 94)} 522l8-30 8 30z"/></g>`,
    );
    // Nearer towers with lit windows.
    for (let x = 0; x < 1000; ) {
      const w = 70 + rnd() * 90;
      const h = 220 + rnd() * 330;
      const top = 820 - h;
      if (x > mx - 140 && x < mx + 130) {
        x += 60;
        continue;
      }
      parts.push(`<rect x="${n1(x)}" y="${n1(top)}" width="${n1(w)}" height="${n1(h + 200)}" fill="${near}"/>`);
      if (rnd() > 0.6) parts.push(`<rect x="${n1(x + w * 0.4)}" y="${n1(top - 40)}" width="4" height="40" fill="${near}"/>`);
      for (let wy = top + 18; wy < 820; wy += 26) {
        for (let wx = x + 10; wx < x + w - 14; wx += 20) {
          if (rnd() < (night ? 0.45 : dusk ? 0.35 : 0.5)) {
            parts.push(`<rect x="${n1(wx)}" y="${n1(wy)}" width="9" height="13" fill="${lit}" fill-opacity="${night || dusk ? n1(0.55 + rnd() * 0.45) : 0.35}"/>`);
          }
        }
      }
      x += w + 14 + rnd() * 30;
    }
    // Treetops of Gulshan in front.
    const trees = night ? '#0a140f' : dusk ? '#2b3326' : '#3f6b45';
    for (let x = -40; x < 1060; x += 50 + rnd() * 40) {
      const r = 50 + rnd() * 50;
      parts.push(`<circle cx="${n1(x)}" cy="${n1(900 + rnd() * 40)}" r="${n1(r)}" fill="${trees}"/>`);
    }
    parts.push(`<rect y="930" width="1000" height="70" fill="${trees}"/>`);
  } else if (view === 'garden') {
    for (let x = -30; x < 1040; x += 45 + rnd() * 30) {
      parts.push(`<circle cx="${n1(x)}" cy="${n1(600 + rnd() * 40)}" r="${n1(60 + rnd() * 40)}" fill="#8fb39a"/>`);
    }
    // Coconut palms.
    for (const px of [180 + rnd() * 80, 720 + rnd() * 120]) {
      const top = 260 + rnd() * 80;
      parts.push(
        `<path d="M${n1(px)} 820 C ${n1(px + 10)} 600 ${n1(px - 25)} ${n1(top + 120)} ${n1(px + 15)} ${n1(top)}" stroke="#6b5a3f" stroke-width="14" fill="none" stroke-linecap="round"/>`,
      );
      for (let i = 0; i < 8; i++) {
        const a = (i / 8) * Math.PI * 2;
        const ex = px + 15 + Math.cos(a) * 150;
        const ey = top + Math.sin(a) * 60 + 40;
        parts.push(
          `<path d="M${n1(px + 15)} ${n1(top)} Q ${n1(px + 15 + Math.cos(a) * 90)} ${n1(top - 50 + Math.sin(a) * 20)} ${n1(ex)} ${n1(ey)}" stroke="#3d7a45" stroke-width="16" fill="none" stroke-linecap="round"/>`,
        );
      }
    }
    for (let x = -40; x < 1060; x += 90 + rnd() * 70) {
      const r = 90 + rnd() * 60;
      const y = 700 + rnd() * 40;
      parts.push(`<circle cx="${n1(x)}" cy="${n1(y)}" r="${n1(r)}" fill="#4f8a55"/>`);
      parts.push(`<circle cx="${n1(x - r * 0.25)}" cy="${n1(y - r * 0.3)}" r="${n1(r * 0.6)}" fill="#6aa56a"/>`);
    }
    parts.push(`<rect y="780" width="1000" height="220" fill="${c.linear([[0, '#8cc07a'], [1, '#5e9a52']])}"/>`);
    parts.push(`<rect x="-20" y="800" width="1040" height="90" rx="40" fill="#3f7a45"/>`);
    for (let i = 0; i < 70; i++) {
      const colors = ['#f4a7b9', '#ffd36e', '#ffffff', '#f28c8c'];
      parts.push(`<circle cx="${n1(rnd() * 1000)}" cy="${n1(815 + rnd() * 60)}" r="${n1(5 + rnd() * 6)}" fill="${colors[Math.floor(rnd() * colors.length)]}"/>`);
    }
  } else {
    // The lake: far shore with trees and low houses, water, a country boat.
    for (let x = -30; x < 1040; x += 40 + rnd() * 30) {
      parts.push(`<circle cx="${n1(x)}" cy="${n1(560 + rnd() * 30)}" r="${n1(40 + rnd() * 40)}" fill="#6f9a7a"/>`);
    }
    for (let x = 60; x < 1000; x += 140 + rnd() * 160) {
      const w = 50 + rnd() * 60;
      parts.push(`<rect x="${n1(x)}" y="${n1(560 - rnd() * 60)}" width="${n1(w)}" height="120" fill="#e8e1d4"/>`);
    }
    parts.push(`<rect y="600" width="1000" height="400" fill="${c.linear([[0, '#9cc3d6'], [0.4, '#6f9fb8'], [1, '#4a7d96']])}"/>`);
    parts.push(`<rect y="596" width="1000" height="10" fill="#557f66"/>`);
    for (let i = 0; i < 26; i++) {
      const y = 630 + rnd() * 360;
      const x = rnd() * 1000;
      parts.push(`<rect x="${n1(x)}" y="${n1(y)}" width="${n1(40 + rnd() * 120)}" height="3" rx="1.5" fill="#ffffff" fill-opacity="${n1(0.25 + rnd() * 0.3)}"/>`);
    }
    const bx = 380 + rnd() * 240;
    parts.push(
      `<g><path d="M${n1(bx - 90)} 760 Q ${n1(bx)} 800 ${n1(bx + 90)} 760 L ${n1(bx + 70)} 780 Q ${n1(bx)} 800 ${n1(bx - 70)} 780 Z" fill="#5a3d2b"/><path d="M${n1(bx - 40)} 762 Q ${n1(bx)} 720 ${n1(bx + 40)} 762 Z" fill="#c98a4b"/><line x1="${n1(bx + 60)}" y1="690" x2="${n1(bx + 30)}" y2="790" stroke="#3b2a1e" stroke-width="4"/></g>`,
    );
    for (const side of [-60, 1060]) {
      parts.push(`<circle cx="${side}" cy="900" r="190" fill="#3f6b45"/><circle cx="${side}" cy="760" r="120" fill="#4f8a55"/>`);
    }
  }
  return parts.join('');
}

// ---------------------------------------------------------------------------------------------
// The room.

function shell(c: Canvas, p: Palette, kind: SceneKind) {
  const bath = kind.startsWith('bath');
  const [ceilingY] = [P(0, CEILING)[1]];
  // Ceiling, with a cove of warm light along the wall.
  c.rect(0, 0, SCENE_WIDTH, ceilingY, c.linear([[0, shade(p.ceiling, 0.08)], [1, p.ceiling]]));
  // Back wall.
  const wall = bath ? p.tile : p.wall;
  c.rect(0, ceilingY, SCENE_WIDTH, FLOOR_Y - ceilingY, c.linear([[0, wall[0]], [1, wall[1]]]));
  c.rect(0, ceilingY, SCENE_WIDTH, 150, c.linear([[0, '#fff4d6', 0.55], [1, '#fff4d6', 0]]));
  c.rect(0, ceilingY - 10, SCENE_WIDTH, 10, shade(p.ceiling, 0.12));
  if (bath) {
    // Large-format stone tiles.
    for (let y = 0.6; y < CEILING; y += 0.6) c.line(P(-10, y), P(10, y), shade(wall[1], 0.12), 2, 'stroke-opacity="0.6"');
    for (let x = -4.2; x < 4.5; x += 1.2) c.line(P(x, 0), P(x, CEILING), shade(wall[1], 0.12), 2, 'stroke-opacity="0.6"');
  }
  // Recessed lights and the scallops they throw on the wall.
  for (const x of [-2.9, -0.6, 1.7, 3.8]) {
    const [lx, ly] = P(x, CEILING, 0.35);
    c.ellipse(lx, ly + 6, 26, 7, '#fffbea');
    const [wx, wy] = P(x, CEILING - 0.2);
    c.ellipse(wx, wy + 120, 150, 260, c.radial([[0, '#fff7df', 0.5], [1, '#fff7df', 0]], 0.5, 0.25, 0.6));
  }
  // Floor: wood planks (stone in the bathroom), converging on the eye.
  const floor = c.linearAt([[0, bath ? p.tile[1] : p.floor[0]], [1, bath ? shade(p.tile[1], 0.15) : p.floor[1]]], [0, FLOOR_Y], [0, SCENE_HEIGHT]);
  c.rect(0, FLOOR_Y, SCENE_WIDTH, SCENE_HEIGHT - FLOOR_Y, floor);
  const step = bath ? 0.8 : 0.19;
  for (let x = -12; x <= 12; x += step) {
    c.line(P(x, 0, 0), P(x, 0, 3.2), bath ? shade(p.tile[1], 0.2) : p.plank, bath ? 2.5 : 1.6, `stroke-opacity="${bath ? 0.5 : 0.35}"`);
  }
  if (bath) {
    for (let z = 0.8; z < 3.2; z += 0.8) c.line(P(-12, 0, z), P(12, 0, z), shade(p.tile[1], 0.2), 2.5, 'stroke-opacity="0.5"');
  } else {
    // Plank ends, staggered.
    const rnd = random(7);
    for (let x = -6; x <= 6; x += 0.19) {
      const z = 0.3 + rnd() * 2.6;
      c.line(P(x, 0, z), P(x + 0.19, 0, z), p.plank, 1.4, 'stroke-opacity="0.3"');
    }
  }
  // Skirting.
  c.poly([P(-12, 0.1), P(12, 0.1), P(12, 0), P(-12, 0)], p.trim);
  c.line(P(-12, 0), P(12, 0), shade(p.trim, 0.25), 2);
}

function drawWindow(c: Canvas, p: Palette, view: View, rnd: () => number, x0: number, x1: number, y0: number, y1: number, drapes = true) {
  const [ax, ay] = P(x0, y1);
  const [bx, by] = P(x1, y0);
  const w = bx - ax;
  const h = by - ay;
  // Light falling through the window onto the floor.
  c.poly(
    [P(x0, 0, 0.05), P(x1, 0, 0.05), P(x1 + 0.7, 0, 2.6), P(x0 + 0.7, 0, 2.6)],
    c.linear([[0, '#fff6dc', view === 'skyline-night' ? 0.05 : 0.28], [1, '#fff6dc', 0]]),
  );
  c.rect(ax - 22, ay - 22, w + 44, h + 44, p.trim, 'rx="4"');
  c.rect(ax - 22, ay - 22, w + 44, h + 44, 'none', `stroke="${shade(p.trim, 0.2)}" stroke-width="2" rx="4"`);
  c.add(
    `<svg x="${n1(ax)}" y="${n1(ay)}" width="${n1(w)}" height="${n1(h)}" viewBox="0 0 1000 1000" preserveAspectRatio="xMidYMax slice">${drawView(c, view, rnd)}</svg>`,
  );
  // Glass: a faint reflection.
  c.poly(
    [[ax, ay], [ax + w * 0.35, ay], [ax + w * 0.05, by], [ax, by]],
    c.linear([[0, '#ffffff', 0.16], [1, '#ffffff', 0.02]], 0, 0, 1, 1),
  );
  // Mullions and transom.
  const bars = Math.max(1, Math.round((x1 - x0) / 1.1));
  for (let i = 1; i < bars + 1; i++) {
    const x = ax + (w * i) / (bars + 1);
    c.rect(x - 7, ay, 14, h, p.trim);
  }
  c.rect(ax, ay + h * 0.2 - 7, w, 14, p.trim);
  // Sill.
  c.poly([P(x0 - 0.15, y0, 0), P(x1 + 0.15, y0, 0), P(x1 + 0.17, y0, 0.18), P(x0 - 0.17, y0, 0.18)], tint(p.trim, 0.3));
  c.poly([P(x0 - 0.17, y0, 0.18), P(x1 + 0.17, y0, 0.18), P(x1 + 0.17, y0 - 0.05, 0.18), P(x0 - 0.17, y0 - 0.05, 0.18)], shade(p.trim, 0.1));
  if (!drapes) return;
  // A sheer on one side, drapes on both, and the rod.
  const sheer = c.linear(
    Array.from({ length: 13 }, (_, i): Stop => [i / 12, '#ffffff', i % 2 ? 0.28 : 0.5]),
    0,
    0,
    1,
    0,
  );
  c.poly([P(x1 - (x1 - x0) * 0.28, y1 + 0.1, 0.1), P(x1 + 0.05, y1 + 0.1, 0.1), P(x1 + 0.05, 0.02, 0.1), P(x1 - (x1 - x0) * 0.32, 0.02, 0.1)], sheer);
  for (const [dx0, dx1] of [[x0 - 0.55, x0 + 0.05], [x1 - 0.05, x1 + 0.55]] as const) {
    const folds = c.linear(
      Array.from({ length: 9 }, (_, i): Stop => [i / 8, i % 2 ? shade(p.drape, 0.22) : tint(p.drape, 0.12)]),
      0,
      0,
      1,
      0,
    );
    c.poly([P(dx0, y1 + 0.25, 0.12), P(dx1, y1 + 0.25, 0.12), P(dx1 + 0.04, 0.01, 0.12), P(dx0 - 0.04, 0.01, 0.12)], folds);
  }
  c.poly([P(x0 - 0.7, y1 + 0.3, 0.12), P(x1 + 0.7, y1 + 0.3, 0.12), P(x1 + 0.7, y1 + 0.25, 0.12), P(x0 - 0.7, y1 + 0.25, 0.12)], p.metal);
}

function art(c: Canvas, p: Palette, rnd: () => number, x0: number, x1: number, y0: number, y1: number) {
  const [ax, ay] = P(x0, y1);
  const [bx, by] = P(x1, y0);
  c.rect(ax + 8, ay + 10, bx - ax, by - ay, '#000000', 'fill-opacity="0.15"');
  c.rect(ax, ay, bx - ax, by - ay, p.wood);
  c.rect(ax + 10, ay + 10, bx - ax - 20, by - ay - 20, '#fbf8f1');
  const ix = ax + 34;
  const iy = ay + 34;
  const iw = bx - ax - 68;
  const ih = by - ay - 68;
  c.rect(ix, iy, iw, ih, c.linear([[0, tint(p.accent, 0.55)], [1, tint(p.fabric, 0.35)]]));
  // An abstract river landscape: sun, hills and water.
  c.ellipse(ix + iw * (0.25 + rnd() * 0.5), iy + ih * 0.35, Math.min(iw, ih) * 0.16, Math.min(iw, ih) * 0.16, p.accent, 'fill-opacity="0.9"');
  c.add(
    `<path d="M${n1(ix)} ${n1(iy + ih * 0.72)} Q ${n1(ix + iw * 0.3)} ${n1(iy + ih * 0.45)} ${n1(ix + iw * 0.55)} ${n1(iy + ih * 0.66)} T ${n1(ix + iw)} ${n1(iy + ih * 0.58)} V ${n1(iy + ih)} H ${n1(ix)} Z" fill="${p.fabric}" fill-opacity="0.85"/>`,
    `<path d="M${n1(ix)} ${n1(iy + ih * 0.84)} Q ${n1(ix + iw * 0.5)} ${n1(iy + ih * 0.74)} ${n1(ix + iw)} ${n1(iy + ih * 0.86)} V ${n1(iy + ih)} H ${n1(ix)} Z" fill="${shade(p.fabric, 0.35)}"/>`,
  );
}

export function plant(c: Canvas, x: number, z: number, rnd: () => number, size = 1) {
  c.shadow(x - 0.25, x + 0.25, z - 0.2, z + 0.2, 0.3);
  c.box(x - 0.2 * size, x + 0.2 * size, 0, 0.45 * size, z - 0.2 * size, z + 0.2 * size, '#d9cfc0', { top: '#6b5440' });
  const [px, py] = c.cam.P(x, 0.45 * size, z);
  // Leaves are drawn in pixels at the rooms' scale; another camera scales them to its own.
  const f = c.cam.depth(z) * size * (c.cam.s / S);
  for (let i = 0; i < 14; i++) {
    const a = -Math.PI / 2 + (rnd() - 0.5) * 2.4;
    const l = (120 + rnd() * 140) * f;
    const ex = px + Math.cos(a) * l;
    const ey = py + Math.sin(a) * l;
    const green = ['#3f7a45', '#4f8a55', '#2f6a3a', '#5e9a60'][i % 4];
    c.add(
      `<path d="M${n1(px)} ${n1(py)} Q ${n1(px + Math.cos(a - 0.5) * l * 0.6)} ${n1(py + Math.sin(a - 0.5) * l * 0.6)} ${n1(ex)} ${n1(ey)} Q ${n1(px + Math.cos(a + 0.5) * l * 0.6)} ${n1(py + Math.sin(a + 0.5) * l * 0.6)} ${n1(px)} ${n1(py)} Z" fill="${green}"/>`,
    );
  }
}

function tableLamp(c: Canvas, p: Palette, x: number, y: number, z: number) {
  const [gx, gy] = P(x, y + 0.45, 0);
  c.ellipse(gx, gy, 260, 300, c.radial([[0, '#ffe9b8', 0.55], [0.5, '#ffe2a6', 0.18], [1, '#ffe2a6', 0]]));
  c.box(x - 0.07, x + 0.07, y, y + 0.05, z - 0.07, z + 0.07, p.metal);
  const [sx, sy] = P(x, y + 0.05, z);
  const [, ty] = P(x, y + 0.32, z);
  c.line([sx, sy], [sx, ty], p.metal, 5 * depth(z));
  const a = P(x - 0.12, y + 0.52, z);
  const b = P(x + 0.12, y + 0.52, z);
  const cc = P(x + 0.17, y + 0.3, z);
  const d = P(x - 0.17, y + 0.3, z);
  c.poly([a, b, cc, d], c.linear([[0, '#fff6de'], [1, '#f3dcae']]));
  c.ellipse((cc[0] + d[0]) / 2, cc[1], (cc[0] - d[0]) / 2, 6, '#fff3c8');
}

function nightstand(c: Canvas, p: Palette, rnd: () => number, x: number, lamp = true) {
  c.shadow(x - 0.3, x + 0.3, 0, 0.45, 0.3);
  c.box(x - 0.26, x + 0.26, 0.08, 0.55, 0, 0.45, p.wood);
  const [dx0, dy0] = P(x - 0.22, 0.33, 0.45);
  const [dx1] = P(x + 0.22, 0.33, 0.45);
  c.line([dx0, dy0], [dx1, dy0], shade(p.wood, 0.35), 2);
  const [kx, ky] = P(x, 0.43, 0.45);
  c.ellipse(kx, ky, 16, 4, p.metal);
  const [kx2, ky2] = P(x, 0.22, 0.45);
  c.ellipse(kx2, ky2, 16, 4, p.metal);
  c.box(x - 0.22, x - 0.19, 0, 0.08, 0.38, 0.42, shade(p.wood, 0.3));
  c.box(x + 0.19, x + 0.22, 0, 0.08, 0.38, 0.42, shade(p.wood, 0.3));
  if (lamp) tableLamp(c, p, x, 0.55, 0.2);
  // A small book or a tray with a bottle of water.
  if (rnd() > 0.5) c.box(x + 0.02, x + 0.2, 0.55, 0.59, 0.25, 0.4, tint(p.accent, 0.2));
}

/** A bed against the wall, centred on `x`, `width` metres wide (`single` for a narrow one). */
function bed(c: Canvas, p: Palette, x: number, width: number, options: { panel?: boolean; length?: number } = {}) {
  const half = width / 2;
  const length = options.length ?? 2.1;
  if (options.panel ?? true) {
    const [ax, ay] = P(x - half - 0.95, 2.35);
    const [bx, by] = P(x + half + 0.95, 0.1);
    c.rect(ax, ay, bx - ax, by - ay, c.linear([[0, tint(p.panel, 0.08)], [1, shade(p.panel, 0.08)]]));
    for (let sx = x - half - 0.95 + 0.12; sx < x + half + 0.95; sx += 0.12) {
      c.line(P(sx, 2.35), P(sx, 0.1), shade(p.panel, 0.25), 2, 'stroke-opacity="0.5"');
    }
    c.rect(ax, ay, bx - ax, 10, shade(p.panel, 0.3));
  }
  // Headboard: upholstered, in vertical channels.
  c.box(x - half - 0.12, x + half + 0.12, 0, 1.35, 0, 0.1, p.fabric, { front: c.linear([[0, tint(p.fabric, 0.12)], [1, shade(p.fabric, 0.18)]]) });
  const channels = Math.round(width / 0.22);
  for (let i = 1; i < channels; i++) {
    const cx = x - half - 0.12 + ((width + 0.24) * i) / channels;
    c.line(P(cx, 1.32, 0.1), P(cx, 0.5, 0.1), shade(p.fabric, 0.3), 3, 'stroke-opacity="0.55"');
  }
  c.shadow(x - half - 0.1, x + half + 0.1, 0.2, length + 0.15, 0.45);
  // Base, mattress, then the duvet over the lower two thirds.
  c.box(x - half, x + half, 0.08, 0.32, 0.1, length, shade(p.fabric, 0.15));
  c.box(x - half + 0.02, x + half - 0.02, 0.32, 0.56, 0.1, length - 0.02, p.linen, {
    top: tint(p.linen, 0.3),
    front: c.linear([[0, p.linen], [1, shade(p.linen, 0.1)]]),
  });
  // Pillows stand against the headboard.
  const pillows = width > 1.4 ? [-0.45, 0.45].map((o) => (o * width) / 1.8) : [0];
  for (const o of pillows) {
    const [px, py] = P(x + o, 0.8, 0.3);
    const pw = len(width > 1.4 ? 0.7 : 0.74, 0.3);
    const ph = len(0.48, 0.3);
    c.rect(px - pw / 2, py - ph / 2, pw, ph, c.linear([[0, '#ffffff'], [1, shade(p.linen, 0.1)]]), `rx="${n1(ph * 0.35)}"`);
    c.rect(px - pw / 2, py - ph / 2, pw, ph, 'none', `rx="${n1(ph * 0.35)}" stroke="${shade(p.linen, 0.14)}" stroke-width="2"`);
  }
  for (const o of pillows) {
    const [px, py] = P(x + o, 0.68, 0.52);
    const pw = len(width > 1.4 ? 0.46 : 0.42, 0.52);
    const ph = len(0.3, 0.52);
    c.rect(px - pw / 2, py - ph / 2, pw, ph, c.linear([[0, tint(p.accent, 0.15)], [1, shade(p.accent, 0.2)]]), `rx="${n1(ph * 0.3)}"`);
  }
  if (width > 1.4) {
    const [px, py] = P(x, 0.66, 0.68);
    const pw = len(0.7, 0.68);
    const ph = len(0.22, 0.68);
    c.rect(px - pw / 2, py - ph / 2, pw, ph, c.linear([[0, tint(p.fabric, 0.2)], [1, shade(p.fabric, 0.1)]]), `rx="${n1(ph / 2)}"`);
  }
  // Duvet, turned down at the top, with the runner across the foot.
  const z0 = 0.78;
  c.box(x - half - 0.03, x + half + 0.03, 0.22, 0.6, z0, length + 0.03, p.linen, {
    top: c.linearAt([[0, '#ffffff'], [1, shade(p.linen, 0.04)]], P(x, 0.6, z0), P(x, 0.6, length)),
    // The duvet falls over the edge: a soft crease just below it, then a shadowed drop.
    front: c.linear([[0, shade(p.linen, 0.1)], [0.12, tint(p.linen, 0.2)], [0.5, shade(p.linen, 0.06)], [1, shade(p.linen, 0.2)]]),
    side: c.linear([[0, shade(p.linen, 0.12)], [1, shade(p.linen, 0.24)]]),
  });
  c.poly([P(x - half - 0.03, 0.6, z0), P(x + half + 0.03, 0.6, z0), P(x + half + 0.03, 0.6, z0 + 0.16), P(x - half - 0.03, 0.6, z0 + 0.16)], shade(p.linen, 0.06));
  const r0 = length - 0.65;
  const r1 = length - 0.25;
  const runner = c.linear([[0, p.accent], [1, shade(p.accent, 0.15)]]);
  c.poly([P(x - half - 0.04, 0.605, r0), P(x + half + 0.04, 0.605, r0), P(x + half + 0.04, 0.605, r1), P(x - half - 0.04, 0.605, r1)], runner);
  if (x - half > 0) c.poly([P(x - half - 0.04, 0.605, r0), P(x - half - 0.04, 0.605, r1), P(x - half - 0.04, 0.3, r1), P(x - half - 0.04, 0.3, r0)], shade(p.accent, 0.25));
  if (x + half < 0) c.poly([P(x + half + 0.04, 0.605, r0), P(x + half + 0.04, 0.605, r1), P(x + half + 0.04, 0.3, r1), P(x + half + 0.04, 0.3, r0)], shade(p.accent, 0.25));
}

function armchair(c: Canvas, p: Palette, x: number, z: number) {
  c.shadow(x - 0.45, x + 0.45, z - 0.4, z + 0.45, 0.35);
  c.box(x - 0.42, x + 0.42, 0.1, 0.78, z - 0.42, z - 0.22, p.accent, { round: 10 });
  c.box(x - 0.42, x - 0.3, 0.1, 0.58, z - 0.22, z + 0.4, shade(p.accent, 0.05), { round: 10 });
  c.box(x + 0.3, x + 0.42, 0.1, 0.58, z - 0.22, z + 0.4, shade(p.accent, 0.05), { round: 10 });
  c.box(x - 0.3, x + 0.3, 0.1, 0.44, z - 0.22, z + 0.4, tint(p.accent, 0.05), { round: 10 });
  for (const lx of [x - 0.38, x + 0.34]) c.box(lx, lx + 0.04, 0, 0.1, z + 0.32, z + 0.36, shade(p.wood, 0.2));
}

function sofa(c: Canvas, p: Palette, x0: number, x1: number, z: number) {
  c.shadow(x0, x1, z - 0.45, z + 0.5, 0.4);
  c.box(x0, x1, 0.12, 0.86, z - 0.45, z - 0.2, p.fabric, { round: 12 });
  c.box(x0, x0 + 0.2, 0.12, 0.62, z - 0.2, z + 0.5, shade(p.fabric, 0.05), { round: 12 });
  c.box(x1 - 0.2, x1, 0.12, 0.62, z - 0.2, z + 0.5, shade(p.fabric, 0.05), { round: 12 });
  const seats = Math.max(2, Math.round((x1 - x0 - 0.4) / 0.7));
  const sw = (x1 - x0 - 0.4) / seats;
  for (let i = 0; i < seats; i++) {
    c.box(x0 + 0.2 + i * sw + 0.01, x0 + 0.2 + (i + 1) * sw - 0.01, 0.12, 0.46, z - 0.2, z + 0.5, tint(p.fabric, 0.06), { round: 12 });
  }
  // Cushions against the back.
  for (let i = 0; i < seats; i++) {
    const [cx, cy] = P(x0 + 0.2 + (i + 0.5) * sw, 0.66, z - 0.1);
    const cw = len(0.42, z);
    c.rect(cx - cw / 2, cy - cw / 2, cw, cw * 0.9, c.linear([[0, tint(i % 2 ? p.accent : p.linen, 0.1)], [1, shade(i % 2 ? p.accent : p.linen, 0.15)]]), `rx="${n1(cw * 0.2)}" transform="rotate(${i % 2 ? 6 : -6} ${n1(cx)} ${n1(cy)})"`);
  }
  for (const lx of [x0 + 0.05, x1 - 0.09]) c.box(lx, lx + 0.04, 0, 0.12, z + 0.42, z + 0.46, shade(p.wood, 0.2));
}

function coffeeTable(c: Canvas, p: Palette, x0: number, x1: number, z0: number, z1: number, rnd: () => number) {
  c.shadow(x0, x1, z0, z1, 0.3);
  for (const [lx, lz] of [[x0 + 0.05, z1 - 0.05], [x1 - 0.09, z1 - 0.05]] as const) c.box(lx, lx + 0.04, 0, 0.38, lz - 0.04, lz, shade(p.wood, 0.25));
  c.box(x0, x1, 0.38, 0.43, z0, z1, p.wood, { top: tint(p.wood, 0.18) });
  // A bowl of fruit, a vase of rajanigandha and two books.
  const [vx, vy] = P(x0 + (x1 - x0) * 0.3, 0.43, (z0 + z1) / 2);
  const f = depth((z0 + z1) / 2);
  c.rect(vx - 12 * f, vy - 60 * f, 24 * f, 60 * f, '#e9eef0', `rx="${n1(6 * f)}"`);
  for (let i = 0; i < 7; i++) {
    const a = -Math.PI / 2 + (rnd() - 0.5) * 1.2;
    const l = (60 + rnd() * 40) * f;
    const ex = vx + Math.cos(a) * l;
    const ey = vy - 60 * f + Math.sin(a) * l;
    c.line([vx, vy - 60 * f], [ex, ey], '#4f8a55', 3 * f);
    c.ellipse(ex, ey, 7 * f, 9 * f, '#fffdf5');
  }
  const [bx, by] = P(x0 + (x1 - x0) * 0.7, 0.43, (z0 + z1) / 2);
  c.ellipse(bx, by - 8 * f, 55 * f, 18 * f, tint(p.accent, 0.3));
  for (const [ox, color] of [[-22, '#e8a23a'], [4, '#d9534f'], [26, '#9cbf4a']] as const) c.ellipse(bx + ox * f, by - 22 * f, 16 * f, 15 * f, color);
}

function floorLamp(c: Canvas, p: Palette, x: number, z: number) {
  const [gx, gy] = P(x, 1.5, 0);
  c.ellipse(gx, gy, 300, 360, c.radial([[0, '#ffe9b8', 0.5], [1, '#ffe2a6', 0]]));
  c.shadow(x - 0.2, x + 0.2, z - 0.15, z + 0.15, 0.3);
  c.box(x - 0.15, x + 0.15, 0, 0.03, z - 0.15, z + 0.15, p.metal);
  c.line(P(x, 0.03, z), P(x, 1.45, z), p.metal, 5 * depth(z));
  c.poly([P(x - 0.17, 1.7, z), P(x + 0.17, 1.7, z), P(x + 0.24, 1.4, z), P(x - 0.24, 1.4, z)], c.linear([[0, '#fff6de'], [1, '#f1d9a8']]));
}

function desk(c: Canvas, p: Palette, x0: number, x1: number) {
  c.shadow(x0, x1, 0, 0.6, 0.3);
  for (const lx of [x0 + 0.04, x1 - 0.08]) c.box(lx, lx + 0.04, 0, 0.74, 0.5, 0.54, p.metal);
  c.box(x0, x1, 0.72, 0.77, 0, 0.6, p.wood, { top: tint(p.wood, 0.18) });
  // Laptop closed, notebook, and a desk lamp.
  c.box(x0 + 0.3, x0 + 0.62, 0.77, 0.79, 0.15, 0.38, '#b8bcc2');
  tableLamp(c, p, x1 - 0.25, 0.77, 0.2);
  // Chair pushed in.
  const cx = (x0 + x1) / 2;
  c.box(cx - 0.26, cx + 0.26, 0.45, 1.05, 0.62, 0.7, shade(p.fabric, 0.05), { round: 10 });
  c.box(cx - 0.26, cx + 0.26, 0.42, 0.5, 0.62, 1.05, p.fabric, { round: 10 });
  for (const lx of [cx - 0.23, cx + 0.2]) c.box(lx, lx + 0.03, 0, 0.42, 1.0, 1.03, p.metal);
}

function pendant(c: Canvas, p: Palette, x: number, z: number, y: number) {
  const [tx, ty] = P(x, CEILING, z);
  const [bx, by] = P(x, y, z);
  c.line([tx, Math.max(0, ty)], [bx, by], shade(p.metal, 0.3), 2);
  const r = len(0.14, z);
  c.ellipse(bx, by + r, r * 3, r * 3, c.radial([[0, '#fff1c8', 0.55], [1, '#fff1c8', 0]]));
  c.ellipse(bx, by + r, r, r, c.radial([[0, '#fffbe9'], [0.7, '#ffe7ad'], [1, '#e8c27a']], 0.4, 0.35, 0.7));
}

// ---------------------------------------------------------------------------------------------
// Bathrooms.

function bathroom(c: Canvas, p: Palette, rnd: () => number, tub: boolean, view: View) {
  // A window high on the wall (privacy), then the vanity and its back-lit mirror.
  drawWindow(c, p, view, rnd, 1.2, 3.2, 1.75, 2.65, false);
  const [mx0, my0] = P(-2.3, 2.2);
  const [mx1, my1] = P(-0.1, 1.15);
  c.rect(mx0 - 40, my0 - 40, mx1 - mx0 + 80, my1 - my0 + 80, c.radial([[0, '#fff4d2', 0.65], [1, '#fff4d2', 0]]));
  c.rect(mx0, my0, mx1 - mx0, my1 - my0, c.linear([[0, '#dfe7ea'], [0.5, '#c9d4d8'], [1, '#e6ecee']], 0, 0, 1, 1), `rx="24" stroke="${p.metal}" stroke-width="6"`);
  c.poly([[mx0 + 60, my0 + 10], [mx0 + 160, my0 + 10], [mx0 + 40, my1 - 10], [mx0 + 10, my1 - 10]], '#ffffff', 'fill-opacity="0.25"');
  // Sconces either side.
  for (const sx of [-2.55, 0.15]) {
    const [lx, ly] = P(sx, 1.85);
    c.ellipse(lx, ly, 120, 160, c.radial([[0, '#ffe9b8', 0.5], [1, '#ffe9b8', 0]]));
    c.rect(lx - 14, ly - 50, 28, 100, '#fff4d6', `rx="12" stroke="${p.metal}" stroke-width="4"`);
  }
  c.shadow(-2.5, 0.3, 0, 0.6, 0.25);
  c.box(-2.5, 0.3, 0.45, 0.82, 0, 0.58, p.wood, { top: tint(p.tile[0], 0.3) });
  c.box(-2.52, 0.32, 0.82, 0.87, 0, 0.6, '#f4f1ea', { top: '#fbfaf6' });
  for (const [dx0, dx1] of [[-2.45, -1.13], [-1.07, 0.25]] as const) {
    const [ax, ay] = P(dx0, 0.8, 0.58);
    const [bx, by] = P(dx1, 0.5, 0.58);
    c.rect(ax, ay, bx - ax, by - ay, 'none', `stroke="${shade(p.wood, 0.3)}" stroke-width="2" stroke-opacity="0.7"`);
  }
  // Two vessel basins and their taps.
  for (const bx of [-1.75, -0.45]) {
    const [tx, ty] = P(bx, 0.87, 0.12);
    const [tx2, ty2] = P(bx, 1.12, 0.12);
    c.line([tx, ty], [tx2, ty2], p.metal, 8);
    c.line([tx2, ty2], P(bx, 1.12, 0.26), p.metal, 8, 'stroke-linecap="round"');
    const [cx, cy] = P(bx, 0.87, 0.3);
    const r = len(0.24, 0.3);
    c.add(`<path d="M${n1(cx - r)} ${n1(cy - r * 0.3)} Q ${n1(cx - r)} ${n1(cy + r * 0.12)} ${n1(cx)} ${n1(cy + r * 0.12)} Q ${n1(cx + r)} ${n1(cy + r * 0.12)} ${n1(cx + r)} ${n1(cy - r * 0.3)} Z" fill="#fbfbf9" stroke="#d8d8d2" stroke-width="2"/>`);
    c.ellipse(cx, cy - r * 0.3, r, r * 0.18, c.linear([[0, '#d9dcd8'], [1, '#ffffff']]));
  }
  // Rolled towels and a plant on the counter.
  const [tx, ty] = P(0.0, 0.87, 0.35);
  const tr = len(0.08, 0.35);
  for (let i = 0; i < 3; i++) {
    const ox = tx - tr * 2.1 + i * tr * 2.1;
    c.ellipse(ox, ty - tr, tr, tr, '#ffffff', `stroke="#e1ddd3" stroke-width="2"`);
    c.ellipse(ox, ty - tr, tr * 0.45, tr * 0.45, 'none', `stroke="#e1ddd3" stroke-width="2"`);
  }
  c.ellipse(tx - tr * 1.05, ty - tr * 2.8, tr, tr, '#ffffff', `stroke="#e1ddd3" stroke-width="2"`);
  if (tub) {
    // A freestanding tub below the window.
    const x0 = 1.0;
    const x1 = 2.8;
    const z0 = 0.35;
    const z1 = 1.2;
    c.shadow(x0, x1, z0, z1, 0.35);
    const [ax, ay] = P(x0, 0.62, z1);
    const [bx] = P(x1, 0.62, z1);
    const [, floorY] = P(x0, 0.05, z1);
    c.add(
      `<path d="M${n1(ax)} ${n1(ay)} L ${n1(bx)} ${n1(ay)} C ${n1(bx - 10)} ${n1(floorY - 40)} ${n1(bx - 60)} ${n1(floorY)} ${n1(bx - 120)} ${n1(floorY)} L ${n1(ax + 120)} ${n1(floorY)} C ${n1(ax + 60)} ${n1(floorY)} ${n1(ax + 10)} ${n1(floorY - 40)} ${n1(ax)} ${n1(ay)} Z" fill="${c.linear([[0, '#ffffff'], [1, '#dcdcd6']], 0, 0, 1, 0.4)}"/>`,
    );
    const rim = [P(x0, 0.62, z0), P(x1, 0.62, z0), P(x1, 0.62, z1), P(x0, 0.62, z1)];
    const cx = (rim[0][0] + rim[1][0] + rim[2][0] + rim[3][0]) / 4;
    const cy = (rim[0][1] + rim[2][1]) / 2;
    const rx = (rim[2][0] - rim[3][0]) / 2;
    const ry = (rim[2][1] - rim[0][1]) / 2;
    c.ellipse(cx, cy, rx, ry, '#fdfdfb');
    c.ellipse(cx, cy + 4, rx - 22, ry - 10, c.linear([[0, '#cfe3ea'], [1, '#a9cbd8']]));
    const [fx, fy] = P(x1 + 0.2, 0, 0.7);
    c.line([fx, fy], [fx, fy - 300], p.metal, 8);
    c.line([fx, fy - 300], [fx - 70, fy - 280], p.metal, 8, 'stroke-linecap="round"');
    plant(c, 3.4, 0.5, rnd, 1.2);
  } else {
    // A walk-in rain shower behind glass.
    const [rx, ry] = P(2.0, 2.3, 0.2);
    c.line(P(2.0, CEILING, 0.2), [rx, ry], p.metal, 6);
    c.ellipse(rx, ry + 6, 60, 12, p.metal);
    for (let i = 0; i < 14; i++) {
      const ox = rx - 50 + i * 7.5;
      c.line([ox, ry + 20], [ox + (ox - rx) * 0.4, P(2.0, 0.1, 0.2)[1]], '#d6eef7', 1.5, 'stroke-opacity="0.5"');
    }
    c.poly([P(1.0, 2.4, 1.0), P(1.05, 2.4, 1.0), P(1.05, 0, 1.0), P(1.0, 0, 1.0)], p.metal);
    c.poly([P(1.02, 2.4, 0), P(1.02, 2.4, 1.0), P(1.02, 0, 1.0), P(1.02, 0, 0)], c.linear([[0, '#e6f3f7', 0.35], [1, '#cfe6ee', 0.2]], 0, 0, 1, 0));
    c.poly([P(1.0, 2.4, 1.0), P(2.9, 2.4, 1.0), P(2.9, 0.02, 1.0), P(1.0, 0.02, 1.0)], c.linear([[0, '#eef7fa', 0.3], [1, '#d8ecf2', 0.15]], 0, 0, 1, 1));
    c.poly([P(1.2, 2.2, 1.0), P(1.55, 2.2, 1.0), P(1.25, 0.3, 1.0), P(1.2, 0.3, 1.0)], '#ffffff', 'fill-opacity="0.2"');
    plant(c, -3.1, 0.6, rnd, 1.3);
  }
  // Bath mat.
  c.poly([P(-2.1, 0.005, 1.0), P(-0.5, 0.005, 1.0), P(-0.5, 0.005, 1.7), P(-2.1, 0.005, 1.7)], '#f5f2ec');
}

// ---------------------------------------------------------------------------------------------

/** The SVG of one scene at the full SCENE_WIDTH × SCENE_HEIGHT. */
export function roomSceneSvg(options: SceneOptions): string {
  const p: Palette = PALETTES[options.palette];
  const rnd = random(options.seed);
  const c = new Canvas();
  shell(c, p, options.kind);

  switch (options.kind) {
    case 'king':
    case 'queen': {
      const width = options.kind === 'king' ? 2.0 : 1.6;
      drawWindow(c, p, options.view, rnd, -4.0, -1.9, 0.75, 2.7);
      pendant(c, p, 0.55 - width / 2 - 0.5, 0.2, 1.3);
      bed(c, p, 0.55, width);
      nightstand(c, p, rnd, 0.55 - width / 2 - 0.5, false);
      nightstand(c, p, rnd, 0.55 + width / 2 + 0.5);
      if (options.kind === 'king') {
        desk(c, p, 2.6, 3.9);
      } else {
        art(c, p, rnd, 2.4, 3.6, 1.1, 2.0);
        armchair(c, p, 3.0, 1.0);
      }
      c.poly([P(-1.9, 0.004, 1.0), P(3.2, 0.004, 1.0), P(3.8, 0.004, 3.6), P(-1.6, 0.004, 3.6)], p.rug, 'fill-opacity="0.6"');
      break;
    }
    case 'twin': {
      drawWindow(c, p, options.view, rnd, -4.1, -2.3, 0.75, 2.7);
      c.poly([P(-1.9, 0.004, 1.0), P(3.2, 0.004, 1.0), P(3.8, 0.004, 3.6), P(-1.6, 0.004, 3.6)], p.rug, 'fill-opacity="0.5"');
      const [ax, ay] = P(-1.8, 2.3);
      const [bx, by] = P(3.1, 0.1);
      c.rect(ax, ay, bx - ax, by - ay, c.linear([[0, tint(p.panel, 0.08)], [1, shade(p.panel, 0.08)]]));
      art(c, p, rnd, -0.15, 1.45, 1.55, 2.15);
      nightstand(c, p, rnd, 0.65);
      bed(c, p, -0.55, 1.1, { panel: false, length: 2.0 });
      bed(c, p, 1.85, 1.1, { panel: false, length: 2.0 });
      plant(c, 3.6, 0.5, rnd, 1.2);
      break;
    }
    case 'family': {
      drawWindow(c, p, options.view, rnd, -4.4, -2.95, 0.75, 2.7);
      c.poly([P(-2.2, 0.004, 1.0), P(3.5, 0.004, 1.0), P(3.9, 0.004, 3.6), P(-1.8, 0.004, 3.6)], p.rug, 'fill-opacity="0.55"');
      pendant(c, p, -2.05, 0.2, 1.3);
      nightstand(c, p, rnd, -2.05, false);
      bed(c, p, -0.6, 2.0);
      nightstand(c, p, rnd, 0.95);
      bed(c, p, 2.35, 1.0, { panel: false, length: 1.9 });
      break;
    }
    case 'lounge': {
      drawWindow(c, p, options.view, rnd, -2.7, 1.1, 0.45, 2.75);
      art(c, p, rnd, 2.1, 3.5, 1.15, 2.05);
      c.poly([P(-2.6, 0.004, 1.2), P(1.6, 0.004, 1.2), P(2.0, 0.004, 3.4), P(-2.8, 0.004, 3.4)], p.rug, 'fill-opacity="0.75"');
      plant(c, -3.4, 0.5, rnd, 1.3);
      floorLamp(c, p, 2.2, 0.6);
      sofa(c, p, -2.3, 0.9, 0.85);
      armchair(c, p, 2.2, 1.25);
      coffeeTable(c, p, -1.6, 0.2, 1.45, 1.8, rnd);
      break;
    }
    case 'bath-shower':
    case 'bath-tub':
      bathroom(c, p, rnd, options.kind === 'bath-tub', options.view);
      break;
  }

  // Warm light and a gentle vignette, as a photograph would have.
  c.rect(0, 0, SCENE_WIDTH, SCENE_HEIGHT, c.linear([[0, '#ffcf8a', 0.06], [1, '#ff9a3c', 0.04]], 0, 0, 1, 1));
  c.rect(0, 0, SCENE_WIDTH, SCENE_HEIGHT, c.radial([[0, '#000000', 0], [0.7, '#000000', 0.04], [1, '#000000', 0.3]], 0.5, 0.5, 0.75));

  const content = options.mirror
    ? `<g transform="translate(${SCENE_WIDTH} 0) scale(-1 1)">${c.body.join('')}</g>`
    : c.body.join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SCENE_WIDTH}" height="${SCENE_HEIGHT}" viewBox="0 0 ${SCENE_WIDTH} ${SCENE_HEIGHT}"><defs>${c.defs.join('')}</defs>${content}</svg>`;
}
