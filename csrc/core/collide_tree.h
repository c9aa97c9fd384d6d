/*
 * collide_tree.h -- the world's hierarchies (collide_tree.c): what
 * they offer the files above them. Knows the slots (collide_slots.h) and
 * nothing else of the world.
 */
#ifndef COLLIDE_TREE_H
#define COLLIDE_TREE_H

#include "collide_slots.h"

/* collide_tree.c. Room for the nodes of every shape is reserved by
   collide__tree_reserve before a shape gets a slot, so insertion cannot
   fail. */
COLLIDE_PRIVATE int collide__tree_reserve(collide_world *w, int extra_shapes);
/* Inserts slot s (tree box: its swept box, enlarged when fat != 0). */
COLLIDE_PRIVATE void collide__tree_insert(collide_world *w, int s, int fat);
COLLIDE_PRIVATE void collide__tree_remove(collide_world *w, int s);
/* After slot s in the tree changed place or velocity: re-inserts it with
   an enlarged box when its swept box left its leaf's box, else nothing.
   before: its tight box before the change (its step is predicted to go
   on), or NULL. */
COLLIDE_PRIVATE void collide__tree_moved(collide_world *w, int s, const box *before);
/* After slot s's layer bits changed: the unions above it (the dynamic
   tree's or the static hierarchy's). */
COLLIDE_PRIVATE void collide__tree_layers(collide_world *w, int s);
/* Before a query: files pending shapes (insert a few, or rebuild), and
   rebuilds a tree that decayed. Not while another query runs. */
COLLIDE_PRIVATE void collide__tree_refresh(collide_world *w);

#endif
