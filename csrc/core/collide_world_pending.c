/*
 * collide_world_pending.c -- TEMPORARY: weak stand-ins for the capsule and
 * box sweeps that other branches are landing on main, so that the world's
 * branch builds meanwhile (a box or capsule query finds nothing against the
 * kinds whose kernel is missing). The real, strong definitions replace
 * these at link time; this file goes once they are merged.
 */
#include "collide.h"
#define Z(out) do { (void)(out); return 0; } while (0)
int collide_sweep_capsule_sphere(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *center, double rb, collide_hit *out);
__attribute__((weak)) int collide_sweep_capsule_sphere(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *center, double rb, collide_hit *out) { (void)r;(void)axis;(void)c0;(void)c1;(void)center;(void)rb; Z(out); }
int collide_sweep_capsule_plane(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_plane *plane, collide_hit *out);
__attribute__((weak)) int collide_sweep_capsule_plane(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_plane *plane, collide_hit *out) { (void)r;(void)axis;(void)c0;(void)c1;(void)plane; Z(out); }
int collide_sweep_capsule_triangle(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, const collide_vec3 *c, collide_hit *out);
__attribute__((weak)) int collide_sweep_capsule_triangle(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, const collide_vec3 *c, collide_hit *out) { (void)r;(void)axis;(void)c0;(void)c1;(void)a;(void)b;(void)c; Z(out); }
int collide_sweep_capsule_polygon(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_polygon *polygon, collide_hit *out);
__attribute__((weak)) int collide_sweep_capsule_polygon(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_polygon *polygon, collide_hit *out) { (void)r;(void)axis;(void)c0;(void)c1;(void)polygon; Z(out); }
int collide_sweep_capsule_segment(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, collide_hit *out);
__attribute__((weak)) int collide_sweep_capsule_segment(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, collide_hit *out) { (void)r;(void)axis;(void)c0;(void)c1;(void)a;(void)b; Z(out); }
int collide_sweep_capsule_aabb(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *center, const collide_vec3 *extents, collide_hit *out);
__attribute__((weak)) int collide_sweep_capsule_aabb(double r, const collide_vec3 *axis, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *center, const collide_vec3 *extents, collide_hit *out) { (void)r;(void)axis;(void)c0;(void)c1;(void)center;(void)extents; Z(out); }
int collide_sweep_capsule_capsule(double ra, const collide_vec3 *axisa, const collide_vec3 *a0, const collide_vec3 *a1, double rb, const collide_vec3 *axisb, const collide_vec3 *b0, const collide_vec3 *b1, collide_interval *out);
__attribute__((weak)) int collide_sweep_capsule_capsule(double ra, const collide_vec3 *axisa, const collide_vec3 *a0, const collide_vec3 *a1, double rb, const collide_vec3 *axisb, const collide_vec3 *b0, const collide_vec3 *b1, collide_interval *out) { (void)ra;(void)axisa;(void)a0;(void)a1;(void)rb;(void)axisb;(void)b0;(void)b1; Z(out); }
int collide_sweep_aabb_sphere(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *center, double r, collide_hit *out);
__attribute__((weak)) int collide_sweep_aabb_sphere(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *center, double r, collide_hit *out) { (void)e;(void)c0;(void)c1;(void)center;(void)r; Z(out); }
int collide_sweep_aabb_plane(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_plane *plane, collide_hit *out);
__attribute__((weak)) int collide_sweep_aabb_plane(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_plane *plane, collide_hit *out) { (void)e;(void)c0;(void)c1;(void)plane; Z(out); }
int collide_sweep_aabb_triangle(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, const collide_vec3 *c, collide_hit *out);
__attribute__((weak)) int collide_sweep_aabb_triangle(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, const collide_vec3 *c, collide_hit *out) { (void)e;(void)c0;(void)c1;(void)a;(void)b;(void)c; Z(out); }
int collide_sweep_aabb_polygon(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_polygon *polygon, collide_hit *out);
__attribute__((weak)) int collide_sweep_aabb_polygon(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_polygon *polygon, collide_hit *out) { (void)e;(void)c0;(void)c1;(void)polygon; Z(out); }
int collide_sweep_aabb_segment(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, collide_hit *out);
__attribute__((weak)) int collide_sweep_aabb_segment(const collide_vec3 *e, const collide_vec3 *c0, const collide_vec3 *c1, const collide_vec3 *a, const collide_vec3 *b, collide_hit *out) { (void)e;(void)c0;(void)c1;(void)a;(void)b; Z(out); }
