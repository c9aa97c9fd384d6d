#!/usr/bin/env python3
"""tests/convex_oracle.py -- an exact referee for collide's convex sweeps.

For each case (a convex shape A turned by a rotation and moving from c0 to
c1, a fixed obstacle B) the first u in [0, 1] at which A(u) meets B is
computed in exact rational arithmetic (Python's fractions) from the very
doubles the kernel is given, sharing nothing with the kernel's code:

  * against a polytope B (triangle, polygon, segment, box, convex shape):
    the linear program  minimize u  subject to
        sum_i l_i (R a_i + c0) + u (c1 - c0) = sum_j m_j b_j,
        sum l = 1, sum m = 1, l, m >= 0, 0 <= u <= 1,
    (A(u) and B share a point exactly when such l, m exist: Minkowski's
    difference A(u) - B contains the origin), solved by a two-phase
    simplex with Bland's rule on fractions: exact, and it terminates;
  * against a plane: the least and greatest signed distance of A's corners,
    linear in u, in closed form;
  * against a sphere or a capsule (a segment's points within r), whose
    first contact is irrational: the distance f(u) from the origin to the
    polytope of the points a_i + u d - q_j (q_j the centre, or the
    segment's ends: Minkowski's difference) is convex in u, and computed
    exactly (0 inside, by the linear program; else the least distance to
    the triangles, segments and points of those points, each by Ericson's
    closest point on a triangle, 5.1.5, in rationals). A kernel's u is
    right when f(u - t) > r and f(u + t) <= r (t: 1e-9 of the scene's size
    over the motion's length), which by convexity puts the first contact
    within t of u; a miss is right when f stays above r on [0, 1]
    (golden-section search in doubles, margin 1e-9 of the scene's size).

The rotation's matrix is formed from the rotation with the kernel's own
operations in doubles (the same IEEE operations in the same order give the
same bits), and then used exactly: the kernel's answer is checked against
the exact answer for the matrix it actually used.

Each case's kernel answer comes from tests/convex_kernel.lua, run by the
Lua given (default lua5.4 on build/5.4). Reported per function: the
cases, hits, agreements on hit/miss, and the worst difference of u times
the motion's length relative to the scene's size (positive: late). A
kernel answer later than the exact one by more than 1e-9 of the scene's
size, earlier by more than that, or a hit/miss disagreement fails.

  python3 tests/convex_oracle.py [--cases N] [--seed S] [--lua CMD]
"""
import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
from fractions import Fraction as Q

# ---- exact linear programming ------------------------------------------------


def simplex_min(A, b, c):
    """min c.x s.t. A x = b, x >= 0 (lists of Fractions). Returns the
    optimum or None when infeasible. Two phases, Bland's rule."""
    m, n = len(A), len(A[0])
    # rows with b >= 0
    A = [row[:] for row in A]
    b = b[:]
    for i in range(m):
        if b[i] < 0:
            A[i] = [-x for x in A[i]]
            b[i] = -b[i]
    # tableau with artificials n .. n+m-1
    T = [A[i] + [Q(1) if j == i else Q(0) for j in range(m)] + [b[i]] for i in range(m)]
    basis = [n + i for i in range(m)]
    N = n + m

    def pivot(r, col):
        pv = T[r][col]
        T[r] = [x / pv for x in T[r]]
        for i in range(m):
            if i != r and T[i][col] != 0:
                f = T[i][col]
                Ti, Tr = T[i], T[r]
                T[i] = [Ti[k] - f * Tr[k] for k in range(N + 1)]
        basis[r] = col

    def run(cost, allowed):
        while True:
            # reduced costs
            col = None
            for j in range(N):
                if not allowed(j) or j in basis:
                    continue
                rc = cost[j] - sum(cost[basis[i]] * T[i][j] for i in range(m))
                if rc < 0:
                    col = j
                    break
            if col is None:
                return True
            r, best = None, None
            for i in range(m):
                if T[i][col] > 0:
                    ratio = T[i][N] / T[i][col]
                    if best is None or ratio < best or (ratio == best and basis[i] < basis[r]):
                        r, best = i, ratio
            if r is None:
                return False   # unbounded (not for these programs)
            pivot(r, col)

    cost1 = [Q(0)] * n + [Q(1)] * m
    run(cost1, lambda j: True)
    if sum(T[i][N] for i in range(m) if basis[i] >= n) != 0:
        return None
    # drive artificials out of the basis
    for i in range(m):
        if basis[i] >= n:
            for j in range(n):
                if T[i][j] != 0:
                    pivot(i, j)
                    break
    cost2 = list(c) + [Q(0)] * m
    run(cost2, lambda j: j < n)
    return sum(c[basis[i]] * T[i][N] for i in range(m) if basis[i] < n)


def first_contact_polytopes(P, d, Bpts, tol=None):
    """P: A's points at u = 0 (exact), d: motion, Bpts: B's points. With
    tol, the first u at which they come within tol of each other along
    every axis (a point of A(u) and one of B at most tol apart in each
    coordinate): the contact of shapes grown by the rounding of their
    coordinates."""
    na, nb = len(P), len(Bpts)
    ne = 6 if tol is not None else 0   # e+ and e- per coordinate
    z = [Q(0)]
    rows, rhs = [], []
    for k in range(3):
        row = [P[i][k] for i in range(na)] + [-Bpts[j][k] for j in range(nb)] + [d[k], Q(0)]
        if ne:
            row += [Q(1) if j == 2 * k else Q(-1) if j == 2 * k + 1 else Q(0) for j in range(6)] + z * 3
        rows.append(row)
        rhs.append(Q(0))
    pad = (z * 6 + z * 3) if ne else []
    rows.append([Q(1)] * na + z * nb + z * 2 + pad)
    rhs.append(Q(1))
    rows.append(z * na + [Q(1)] * nb + z * 2 + pad)
    rhs.append(Q(1))
    rows.append(z * (na + nb) + [Q(1), Q(1)] + pad)
    rhs.append(Q(1))
    if ne:
        for k in range(3):   # e+ + e- + slack = tol
            rows.append(z * (na + nb + 2) + [Q(1) if j in (2 * k, 2 * k + 1) else Q(0) for j in range(6)] +
                        [Q(1) if j == k else Q(0) for j in range(3)])
            rhs.append(Q(tol))
    c = z * (na + nb) + [Q(1), Q(0)] + (z * 9 if ne else [])
    return simplex_min(rows, rhs, c)


# ---- exact distances -------------------------------------------------------------


def sub(a, b): return [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
def dot(a, b): return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def dist2_point_triangle(p, a, b, c):
    """squared distance from p to triangle abc (Ericson 5.1.5), exact"""
    ab, ac, ap = sub(b, a), sub(c, a), sub(p, a)
    d1, d2 = dot(ab, ap), dot(ac, ap)
    if d1 <= 0 and d2 <= 0:
        return dot(ap, ap)
    bp = sub(p, b)
    d3, d4 = dot(ab, bp), dot(ac, bp)
    if d3 >= 0 and d4 <= d3:
        return dot(bp, bp)
    vc = d1 * d4 - d3 * d2
    if vc <= 0 and d1 >= 0 and d3 <= 0:
        v = d1 / (d1 - d3)
        q = [a[k] + v * ab[k] for k in range(3)]
        return dot(sub(p, q), sub(p, q))
    cp = sub(p, c)
    d5, d6 = dot(ab, cp), dot(ac, cp)
    if d6 >= 0 and d5 <= d6:
        return dot(cp, cp)
    vb = d5 * d2 - d1 * d6
    if vb <= 0 and d2 >= 0 and d6 <= 0:
        w = d2 / (d2 - d6)
        q = [a[k] + w * ac[k] for k in range(3)]
        return dot(sub(p, q), sub(p, q))
    va = d3 * d6 - d5 * d4
    if va <= 0 and (d4 - d3) >= 0 and (d5 - d6) >= 0:
        w = (d4 - d3) / ((d4 - d3) + (d5 - d6))
        q = [b[k] + w * (c[k] - b[k]) for k in range(3)]
        return dot(sub(p, q), sub(p, q))
    den = va + vb + vc
    v, w = vb / den, vc / den
    q = [a[k] + ab[k] * v + ac[k] * w for k in range(3)]
    return dot(sub(p, q), sub(p, q))


def dist2_point_segment(p, a, b):
    ab, ap = sub(b, a), sub(p, a)
    den = dot(ab, ab)
    t = 0 if den == 0 else min(max(dot(ap, ab) / den, 0), 1)
    q = [a[k] + t * ab[k] for k in range(3)]
    return dot(sub(p, q), sub(p, q))


def inside(pts, p):
    """p in the convex hull of pts: the linear program is feasible"""
    n = len(pts)
    rows = [[pts[i][k] for i in range(n)] for k in range(3)] + [[Q(1)] * n]
    return simplex_min(rows, [p[0], p[1], p[2], Q(1)], [Q(0)] * n) is not None


def collinear(a, b, c):
    u, v = sub(b, a), sub(c, a)
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]) == (0, 0, 0)


def dist2_origin(pts, exact=True):
    """squared distance from the origin to the hull of pts"""
    o = [0, 0, 0] if not exact else [Q(0)] * 3
    if exact and inside(pts, o):
        return Q(0)
    best = None
    n = len(pts)
    for i in range(n):
        for j in range(i + 1, n):
            d = dist2_point_segment(o, pts[i], pts[j])
            best = d if best is None or d < best else best
            for k in range(j + 1, n):
                if not collinear(pts[i], pts[j], pts[k]):
                    d = dist2_point_triangle(o, pts[i], pts[j], pts[k])
                    best = d if d < best else best
    if best is None:
        best = dot(pts[0], pts[0])
    return best


def round_points(case, u, exact=True):
    """a_i + u d - q_j"""
    cv = Q if exact else float
    rows = rot_rows(case["rot"])
    c0, c1 = case["c0"], case["c1"]
    A = [apply_exact(rows, a, c0) for a in case["A"]]
    if not exact:
        A = [[float(e) for e in p] for p in A]
    d = [cv(c1[k]) - cv(c0[k]) for k in range(3)]
    qs = [case["center"]] if case["kind"] == "sphere" else case["B"]
    return [[p[k] + u * d[k] - cv(q[k]) for k in range(3)] for p in A for q in qs]


def check_round(case, hit, uk):
    """None when the kernel's answer is right, else a reason"""
    r = Q(case["r"])
    scale = scene_scale(case)
    dlen = math.sqrt(sum((case["c1"][k] - case["c0"][k]) ** 2 for k in range(3)))
    t = Q(1e-9 * scale / dlen) if dlen > 0 else Q(0)
    if hit:
        uk = Q(uk)
        if dist2_origin(round_points(case, min(uk + t, Q(1)))) > (r + Q(1e-9 * scale)) ** 2:
            return "no contact just after u"
        if uk - t > 0 and dist2_origin(round_points(case, uk - t)) <= r * r:
            return "late: contact before u - t"
        return None
    # a miss: the least distance over [0, 1] (convex in u)
    f = lambda u: math.sqrt(dist2_origin(round_points(case, u, exact=False), exact=False))
    lo, hi = 0.0, 1.0
    g = (math.sqrt(5) - 1) / 2
    x1, x2 = hi - g * (hi - lo), lo + g * (hi - lo)
    f1, f2 = f(x1), f(x2)
    for _ in range(50):
        if f1 < f2:
            hi, x2, f2 = x2, x1, f1
            x1 = hi - g * (hi - lo)
            f1 = f(x1)
        else:
            lo, x1, f1 = x1, x2, f2
            x2 = lo + g * (hi - lo)
            f2 = f(x2)
    m = min(f1, f2, f(0.0), f(1.0))
    if dist2_origin(round_points(case, Q(0))) <= r * r or m < float(r) - 1e-9 * scale:
        return "missed a contact"
    return None


# ---- rotations as the kernel forms them (doubles, same operations) -----------


def rot_rows(r):
    if isinstance(r, float):
        c, s = math.cos(r), math.sin(r)
        return [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]]
    w, x, y, z = r
    n2 = w * w + x * x + y * y + z * z
    if n2 != 1:
        k = 1 / math.sqrt(n2)
        w *= k; x *= k; y *= k; z *= k
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]


def apply_exact(rows, v, pos):
    R = [[Q(e) for e in row] for row in rows]
    V = [Q(e) for e in v]
    return [sum(R[i][k] * V[k] for k in range(3)) + Q(pos[i]) for i in range(3)]


# ---- cases -----------------------------------------------------------------------


def dy(rng, lo, hi, step=16):
    """a dyadic number k/step in [lo, hi]"""
    return rng.randint(int(lo * step), int(hi * step)) / step


def rand_points(rng, n, r, flat):
    return [[dy(rng, -r, r), dy(rng, -r, r), 0.0 if flat else dy(rng, -r, r)] for _ in range(n)]


def rand_rotation(rng, flat):
    k = rng.random()
    if flat or k < 0.4:
        return rng.choice([0.0, rng.uniform(-math.pi, math.pi), math.pi / 2, 0.5])
    if k < 0.6:
        return rng.choice([(1.0, 0.0, 0.0, 0.0), (0.0, 1.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0)])
    q = [rng.gauss(0, 1) for _ in range(4)]
    n = math.sqrt(sum(e * e for e in q))
    return tuple(e / n for e in q)


def not_line(pts):
    a = pts[0]
    for b in pts[1:]:
        for c in pts[1:]:
            u = [b[i] - a[i] for i in range(3)]
            v = [c[i] - a[i] for i in range(3)]
            cr = (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])
            if any(x != 0 for x in cr):
                return True
    return False


def hull2d(pts):
    """convex hull of 2D points (exact: the inputs are dyadic), ccw"""
    P = sorted(set((p[0], p[1]) for p in pts))
    if len(P) < 3:
        return P

    def cr(o, a, b):
        return (Q(a[0]) - Q(o[0])) * (Q(b[1]) - Q(o[1])) - (Q(a[1]) - Q(o[1])) * (Q(b[0]) - Q(o[0]))
    lo, up = [], []
    for p in P:
        while len(lo) >= 2 and cr(lo[-2], lo[-1], p) <= 0:
            lo.pop()
        lo.append(p)
    for p in reversed(P):
        while len(up) >= 2 and cr(up[-2], up[-1], p) <= 0:
            up.pop()
        up.append(p)
    return lo[:-1] + up[:-1]


def make_case(rng, kind, i):
    flat = (i % 4 == 0) and kind != "plane"
    # every fourth case all in z = 0 (2D); every fourth other one a flat
    # shape (a convex polygon) turned anywhere in 3D
    flat_a = flat or i % 4 == 1
    while True:
        A = rand_points(rng, rng.randint(3, 6 if kind in ("sphere", "capsule") else 9), 1.5, flat_a)
        if not_line(A):
            break
    case = {"kind": kind, "A": A, "rot": rand_rotation(rng, flat)}
    if kind == "plane":
        nrm = rng.choice([[0.0, 1.0, 0.0], [0.6, 0.8, 0.0], [1.0, 2.0, 2.0],
                          [dy(rng, -1, 1), dy(rng, -1, 1), dy(rng, -1, 1) or 0.5]])
        case["normal"], case["d"] = nrm, dy(rng, -2, 2)
        target = [0.0, 0.0, 0.0]
    elif kind == "triangle":
        while True:
            B = rand_points(rng, 3, 3, flat)
            if not_line(B):
                break
        case["B"] = B
    elif kind == "polygon":
        while True:
            z = 0.0 if flat else dy(rng, -2, 2)
            pts = rand_points(rng, rng.randint(3, 8), 3, True)
            h = hull2d(pts)
            if len(h) >= 3:
                break
        case["B"] = [[p[0], p[1], z] for p in h]
    elif kind == "segment":
        while True:
            B = rand_points(rng, 2, 3, flat)
            if B[0] != B[1]:
                break
        case["B"] = B
    elif kind == "sphere":
        case["center"] = rand_points(rng, 1, 2, flat)[0]
        case["r"] = dy(rng, 0, 1.5)
    elif kind == "capsule":
        case["B"] = rand_points(rng, 2, 2, flat)
        case["r"] = dy(rng, 0, 1)
    elif kind == "aabb":
        case["center"] = rand_points(rng, 1, 2, flat)[0]
        case["e"] = [dy(rng, 0, 2), dy(rng, 0, 2), 0.0 if flat else dy(rng, 0, 2)]
    else:
        while True:
            B = rand_points(rng, rng.randint(3, 9), 1.5, flat)
            if not_line(B):
                break
        case["B"], case["rotB"], case["b"] = B, rand_rotation(rng, flat), rand_points(rng, 1, 1, flat)[0]
    # motion: mostly aimed near the obstacle, from outside
    aim = rand_points(rng, 1, 2, flat)[0]
    far = rand_points(rng, 1, 8, flat)[0]
    if rng.random() < 0.7:
        case["c0"], case["c1"] = far, aim
    else:
        case["c0"], case["c1"] = far, rand_points(rng, 1, 8, flat)[0]
    if rng.random() < 0.05:
        case["c1"] = case["c0"]          # no motion
    return case


def lua_value(x):
    if isinstance(x, float):
        return repr(x)
    if isinstance(x, str):
        return '"%s"' % x
    if isinstance(x, (list, tuple)):
        return "{" + ", ".join(lua_value(e) for e in x) + "}"
    if isinstance(x, dict):
        return "{" + ", ".join("%s = %s" % (k, lua_value(v)) for k, v in x.items()) + "}"
    raise TypeError(x)


# ---- the exact answers -----------------------------------------------------------


def exact_u(case, tol=None):
    rows = rot_rows(case["rot"])
    c0, c1 = case["c0"], case["c1"]
    P = [apply_exact(rows, a, c0) for a in case["A"]]
    d = [Q(c1[k]) - Q(c0[k]) for k in range(3)]
    kind = case["kind"]
    if kind == "plane":
        # the plane as collide.plane normalizes it (the kernel sees these doubles):
        # reproduced by the kernel's own operations in the Lua driver? No: the
        # normal is read back from the plane object; see plane_of below.
        n, dd = case["_plane"]
        lo0 = min(sum(n[k] * p[k] for k in range(3)) for p in P) + dd
        hi0 = max(sum(n[k] * p[k] for k in range(3)) for p in P) + dd
        if tol is not None:   # (a graze: the shape's slab grown by tol)
            lo0, hi0 = lo0 - tol, hi0 + tol
        s = sum(n[k] * d[k] for k in range(3))
        lo1, hi1 = lo0 + s, hi0 + s
        if lo0 <= 0 <= hi0:
            return Q(0)
        if lo0 > 0:
            return lo0 / (lo0 - lo1) if lo1 <= 0 else None
        return hi0 / (hi0 - hi1) if hi1 >= 0 else None
    if kind in ("triangle", "polygon", "segment"):
        B = [[Q(e) for e in p] for p in case["B"]]
    elif kind == "aabb":
        cc, e = case["center"], case["e"]
        B = [[Q(cc[0]) + sx * Q(e[0]), Q(cc[1]) + sy * Q(e[1]), Q(cc[2]) + sz * Q(e[2])]
             for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    else:
        rb = rot_rows(case["rotB"])
        B = [apply_exact(rb, p, case["b"]) for p in case["B"]]
    return first_contact_polytopes(P, d, B, tol)


def exact_points_a(case, u):
    rows = rot_rows(case["rot"])
    c0, c1 = case["c0"], case["c1"]
    pos = [Q(c0[k]) + Q(u) * (Q(c1[k]) - Q(c0[k])) for k in range(3)]
    turned = [apply_exact(rows, a, [0.0, 0.0, 0.0]) for a in case["A"]]
    return [[q[k] + pos[k] for k in range(3)] for q in turned]


def exact_points_b(case):
    kind = case["kind"]
    if kind in ("triangle", "polygon", "segment"):
        return [[Q(e) for e in p] for p in case["B"]]
    if kind == "aabb":
        cc, e = case["center"], case["e"]
        return [[Q(cc[0]) + sx * Q(e[0]), Q(cc[1]) + sy * Q(e[1]), Q(cc[2]) + sz * Q(e[2])]
                for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    rb = rot_rows(case["rotB"])
    return [apply_exact(rb, p, case["b"]) for p in case["B"]]


def scene_scale(case):
    s = 1.0
    for key in ("A", "B"):
        for p in case.get(key, []):
            s = max(s, max(abs(e) for e in p))
    for key in ("c0", "c1", "center", "b"):
        if key in case:
            s = max(s, max(abs(e) for e in case[key]))
    return s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=1000, help="cases per function")
    ap.add_argument("--seed", type=int, default=28)
    ap.add_argument("--round-cases", type=int, default=None,
                    help="cases for the sphere and the capsule (slower; default --cases / 4)")
    ap.add_argument("--lua", default="lua5.4")
    ap.add_argument("--cpath", default="build/5.4/?.so")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    kinds = ["plane", "triangle", "polygon", "segment", "aabb", "convex", "sphere", "capsule"]
    nround = args.round_cases if args.round_cases is not None else max(1, args.cases // 4)
    cases = [make_case(rng, k, i) for k in kinds
             for i in range(nround if k in ("sphere", "capsule") else args.cases)]
    with tempfile.TemporaryDirectory() as tmp:
        cf, of = os.path.join(tmp, "cases.lua"), os.path.join(tmp, "out.txt")
        with open(cf, "w") as f:
            f.write("return {\n")
            for c in cases:
                f.write(lua_value({k: v for k, v in c.items()}) + ",\n")
            f.write("}\n")
        # the planes' normals as collide.plane makes them: read back
        pf = os.path.join(tmp, "planes.txt")
        env = dict(os.environ)
        lpath = "lua/?.lua;lua/?/init.lua;"
        prog = ("package.path = %r .. package.path; package.cpath = %r .. ';' .. package.cpath; "
                "local collide = require 'collide'; local cs = dofile(%r); local f = io.open(%r, 'w'); "
                "for _, c in ipairs(cs) do if c.kind == 'plane' then "
                "local p = collide.plane(collide.vec3(c.normal[1], c.normal[2], c.normal[3]), c.d); "
                "f:write(('%%.17g %%.17g %%.17g %%.17g\\n'):format(p.normal.x, p.normal.y, p.normal.z, p.d)) end end; "
                "f:close(); arg = {%r, %r}; dofile('tests/convex_kernel.lua')") % (
                    lpath, args.cpath, cf, pf, cf, of)
        cmd = args.lua.split() + ["-e", prog]
        subprocess.run(cmd, check=True, env=env)
        planes = [list(map(float, line.split())) for line in open(pf)]
        answers = open(of).read().splitlines()
    pi = 0
    report = {k: {"cases": 0, "hits": 0, "agree": 0, "worst": 0.0, "worst_case": None,
                  "disagree": [], "bad_normal": [], "grazing": 0} for k in kinds}
    failed = False
    for idx, (c, ans) in enumerate(zip(cases, answers)):
        if c["kind"] == "plane":
            p = planes[pi]
            pi += 1
            c["_plane"] = ([Q(p[0]), Q(p[1]), Q(p[2])], Q(p[3]))
        r = report[c["kind"]]
        r["cases"] += 1
        parts = ans.split()
        hit = parts[0] == "hit"
        if c["kind"] in ("sphere", "capsule"):
            why = check_round(c, hit, float(parts[1]) if hit else None)
            if why is not None:
                r["disagree"].append((idx, ans, why))
                failed = True
                continue
            r["agree"] += 1
            if hit:
                r["hits"] += 1
                nrm = [float(x) for x in parts[2:5]]
                if abs(math.sqrt(sum(x * x for x in nrm)) - 1) > 1e-12:
                    r["bad_normal"].append(idx)
            continue
        u = exact_u(c)
        if u is None and hit:
            # a contact the exact answer misses: right only when the shapes
            # come within rounding (1e-12 of the size) by the kernel's u
            ug = exact_u(c, Q(1e-12 * scene_scale(c)))
            if ug is not None and float(ug) <= float(parts[1]) + 1e-12:
                r["grazing"] += 1
                r["agree"] += 1
                continue
        if (u is not None) != hit:
            r["disagree"].append((idx, ans, u))
            failed = True
            continue
        r["agree"] += 1
        if not hit:
            continue
        r["hits"] += 1
        uk = float(parts[1])
        # the normal and point at a contact after the start: the plane
        # through point across the normal separates B (behind) from A(uk)
        # (ahead), point is at B's extreme, and the normal is unit
        nrm = [float(x) for x in parts[2:5]]
        pt = [float(x) for x in parts[5:8]]
        tol = 1e-9 * scene_scale(c)
        if abs(math.sqrt(sum(x * x for x in nrm)) - 1) > 1e-12:
            r["bad_normal"].append(idx)
        elif u > 0 and c["kind"] != "plane":
            Bw = [[float(e) for e in q] for q in exact_points_b(c)]
            Aw = [[float(e) for e in q] for q in exact_points_a(c, uk)]
            side_b = max(sum((q[k] - pt[k]) * nrm[k] for k in range(3)) for q in Bw)
            side_a = min(sum((q[k] - pt[k]) * nrm[k] for k in range(3)) for q in Aw)
            if side_b > tol or side_b < -tol or side_a < -tol:
                r["bad_normal"].append(idx)
        dlen = math.sqrt(sum((c["c1"][k] - c["c0"][k]) ** 2 for k in range(3)))
        err = float((Q(uk) - u)) * dlen / scene_scale(c)
        if abs(err) > abs(r["worst"]):
            r["worst"], r["worst_case"] = err, idx
        if abs(err) > 1e-9:
            failed = True
    for k in kinds:
        r = report[k]
        if k in ("sphere", "capsule"):
            print("sweep_convex_%-8s %5d cases, %5d hits, %5d agree (u within 1e-9 of the "
                  "size over |d| of the first contact, never later)" % (
                      k, r["cases"], r["hits"], r["agree"]))
        else:
            print("sweep_convex_%-8s %5d cases, %5d hits, %5d agree on hit/miss%s, "
                  "worst (u - exact) |d| / size = %+.3g%s" % (
                      k, r["cases"], r["hits"], r["agree"],
                      " (%d grazing within 1e-12)" % r["grazing"] if r["grazing"] else "", r["worst"],
                      "" if r["worst_case"] is None else " (case %d)" % r["worst_case"]))
        if r["bad_normal"]:
            failed = True
            print("   %d contacts whose normal and point do not separate the shapes, e.g. cases %s"
                  % (len(r["bad_normal"]), r["bad_normal"][:5]))
        for idx, ans, u in r["disagree"][:5]:
            print("   disagreement, case %d: kernel %s, exact %s" % (idx, ans, u))
            print("     ", lua_value({kk: vv for kk, vv in cases[idx].items() if kk != "_plane"}))
    bad = sum(len(report[k]["disagree"]) + len(report[k]["bad_normal"]) for k in kinds)
    bad += sum(1 for k in kinds if abs(report[k]["worst"]) > 1e-9)
    print("convex oracle (%s): %s" % (args.lua, "FAILED" if failed else "all agree"))
    print("%d passed, %d failed" % (len(cases) - bad, bad))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
