#!/usr/bin/env python3
"""bench/peers/convex_referee.py -- settles every disagreement of
bench/peers/convex_peers.cpp (collide's convex sweeps against Bullet's
convex casts) with the exact referee of tests/convex_oracle.py.

Each line of the cases file holds one case on which the two answered
differently (one hit and not the other, or their u more than 1e-5 apart),
with every input in hex floats. The referee computes the first u at which
the shapes touch in rational arithmetic on those very inputs (the linear
program of tests/convex_oracle.py; the mover's turn is the matrix collide
forms from the quaternion, in doubles, then used exactly), and says who is
right:

  * a miss is right when the shapes never touch; a hit is right when they
    do, at u within 1e-9 of the scene's size over the motion's length of
    the exact one (collide's promise) -- or, judged as leniently as
    Bullet's single precision needs, within 1e-5 (a "float-close" answer);
  * a hit where the exact answer is a miss but the shapes come within
    1e-12 of the size of each other is a graze, counted right for either.

  python3 bench/peers/convex_referee.py build/bench/convex_peers.cases
"""
import os
import sys
from fractions import Fraction as Q

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests"))
import convex_oracle as co  # noqa: E402

HULL8 = [[1, 0, -0.5], [0.5, 0.75, 0.5], [-0.25, 1, -0.5], [-1, 0.25, 0.5],
         [-0.75, -0.5, -0.5], [0, -1, 0.5], [0.75, -0.5, -0.5], [0.25, 0.25, 1]]


def parse(line):
    t = line.split()
    assert t[0] == "case"
    c = {"caster": t[1], "mover": t[2], "obst": t[3], "idx": int(t[4])}
    c["collide"] = (int(t[6]), float.fromhex(t[7]))
    c["bullet"] = (int(t[9]), float.fromhex(t[10]))
    k = 11

    def take(name, n):
        nonlocal k
        assert t[k] == name, (t[k], name)
        vals = [float.fromhex(x) for x in t[k + 1:k + 1 + n]]
        k += 1 + n
        return vals
    c["e"] = take("e", 3)
    q = take("q", 4)
    qb = take("qb", 4)
    c["q"], c["qb"] = tuple(q), tuple(qb)
    c["c0"] = take("c0", 3)
    c["c1"] = take("c1", 3)
    tri = take("tri", 9)
    c["tri"] = [tri[0:3], tri[3:6], tri[6:9]]
    c["center"] = take("center", 3)
    c["be"] = take("be", 3)
    return c


def mover_points(c):
    if c["mover"] == "box":
        e = c["e"]
        return [[sx * e[0], sy * e[1], sz * e[2]] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    return [list(map(float, p)) for p in HULL8]


def exact_u(c, tol=None):
    rows = co.rot_rows(c["q"])
    P = [co.apply_exact(rows, a, c["c0"]) for a in mover_points(c)]
    d = [Q(c["c1"][k]) - Q(c["c0"][k]) for k in range(3)]
    if c["obst"] == "triangle":
        B = [[Q(x) for x in p] for p in c["tri"]]
    elif c["obst"] == "aabb":
        cc, e = c["center"], c["be"]
        B = [[Q(cc[0]) + sx * Q(e[0]), Q(cc[1]) + sy * Q(e[1]), Q(cc[2]) + sz * Q(e[2])]
             for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)]
    else:
        rb = co.rot_rows(c["qb"])
        B = [co.apply_exact(rb, list(map(float, p)), c["center"]) for p in HULL8]
    return co.first_contact_polytopes(P, d, B, tol)


def size_of(c):
    s = 1.0
    for p in mover_points(c) + c["tri"]:
        s = max(s, max(abs(x) for x in p))
    for key in ("c0", "c1", "center"):
        s = max(s, max(abs(x) for x in c[key]))
    return s


def judge(ans, ux, graze, c, tol):
    hit, u = ans
    dlen = sum((c["c1"][k] - c["c0"][k]) ** 2 for k in range(3)) ** 0.5
    size = size_of(c)
    if ux is None:
        return (not hit) or graze
    if not hit:
        return False
    return abs(u - float(ux)) * dlen <= tol * size


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "build/bench/convex_peers.cases"
    rows = {}
    worst = {}
    with open(path) as f:
        for line in f:
            if not line.startswith("case "):
                continue
            c = parse(line)
            ux = exact_u(c)
            graze = False
            if ux is None:
                graze = exact_u(c, Q(1e-12 * size_of(c))) is not None
            key = (c["caster"], c["mover"], c["obst"])
            r = rows.setdefault(key, {"n": 0, "collide": 0, "bullet": 0, "bullet_close": 0,
                                      "bullet_miss": 0, "bullet_miss0": 0,
                                      "collide_wrong": []})
            r["n"] += 1
            if judge(c["collide"], ux, graze, c, 1e-9):
                r["collide"] += 1
            else:
                r["collide_wrong"].append(c["idx"])
            if judge(c["bullet"], ux, graze, c, 1e-9):
                r["bullet"] += 1
            if judge(c["bullet"], ux, graze, c, 1e-5):
                r["bullet_close"] += 1
            if ux is not None and not c["bullet"][0]:
                r["bullet_miss"] += 1
                if ux == 0:
                    r["bullet_miss0"] += 1
            if ux is not None and c["bullet"][0]:
                err = abs(c["bullet"][1] - float(ux))
                worst[key] = max(worst.get(key, 0.0), err)
    print("the exact referee on every disagreement (tests/convex_oracle.py's linear program)")
    print("%-4s %-6s %-9s %6s | %13s | %12s %13s %13s %8s %11s" % (
        "cast", "mover", "obstacle", "differ", "collide right", "Bullet right",
        "Bullet <=1e-5", "Bullet missed", "(at u=0)", "Bullet |du|"))
    bad = 0
    for key in sorted(rows):
        r = rows[key]
        bad += r["n"] - r["collide"]
        print("%-4s %-6s %-9s %6d | %13d | %12d %13d %13d %8d %11.2e" % (
            key[0], key[1], key[2], r["n"], r["collide"], r["bullet"], r["bullet_close"],
            r["bullet_miss"], r["bullet_miss0"], worst.get(key, 0.0)))
        if r["collide_wrong"]:
            print("   collide wrong on cases %s" % r["collide_wrong"][:20])
    print("collide right on every disagreement" if bad == 0 else
          "collide WRONG on %d disagreements" % bad)
    print("(right: a miss that is exact, or a hit within 1e-9 of the size over |d| of the exact u;"
          " Bullet <=1e-5: within 1e-5, float-close;\n Bullet missed: the shapes do touch and"
          " Bullet said no; Bullet |du|: its worst u error where it hit)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
