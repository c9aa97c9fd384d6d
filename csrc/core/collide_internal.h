/*
 * collide_internal.h -- the core's former single private header, kept so
 * that code written against it still builds: it brings the primitives
 * (collide_prims.h) and the sphere family's shared kernels
 * (collide_sphere.h). New code includes collide_prims.h, and the header of
 * the family it sits on, directly. Not installed, not part of the API.
 */
#ifndef COLLIDE_INTERNAL_H
#define COLLIDE_INTERNAL_H

#include "collide_prims.h"
#include "collide_sphere.h"

#endif
