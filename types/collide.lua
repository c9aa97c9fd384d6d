---@meta collide
-- LuaLS annotations (https://luals.github.io) for `require "collide"`: every
-- function, method, option and result of the public API. Not loaded at run
-- time; an editor reads it (docs/building.md, "Editor support"). spec/types_spec.lua
-- fails when the real module offers a name this file does not annotate.

---A vector argument: a `collide.vec3`, or a table `{x, y [, z]}` or
---`{x = , y = [, z = ]}`; a missing z is 0.
---@alias collide.vec3like collide.vec3|number[]|{x: number, y: number, z?: number}

---What was touched first.
---@alias collide.feature "face"|"edge"|"vertex"

---The kind of a world shape, as `w:get` and `w:shapes` name it.
---@alias collide.kind "triangle"|"polygon"|"aabb"|"sphere"|"segment"|"capsule"|"plane"|"convex"

---Which shapes a query considers: a function returning truthy for the
---shapes to consider, or an integer mask of layer bits (no Lua is called).
---@alias collide.filter integer|fun(id: integer, data: any): any

---What a move does at a contact: the move's `options.response`, or per shape
---from a filter.
---@alias collide.response "slide"|"bounce"|"stop"

---A move's filter: called for a shape about to become a contact; returns
---`"slide"`, `"touch"` (stop there), `"cross"` (pass through, but listed),
---`"bounce"`, `"oneway"` (slide only for a mover clear of it at the start
---meeting it from `up`; else not there for this move; needs `options.up`),
---`true` (the move's own response), `false`/`nil` (ignore the shape for the
---rest of this move). An integer is a layer mask.
---@alias collide.move_filter integer|fun(id: integer, data: any, normal: collide.vec3): ("slide"|"touch"|"cross"|"bounce"|"oneway"|boolean|nil)

---------------------------------------------------------------- vec3

---A 3-component vector (userdata; cdata on the FFI backend). 2D games use
---z = 0. `tostring(v)` is `vec3(1, 2, 3)`; `a == b` is exact equality;
---`s * v` works as `v * s`.
---@class collide.vec3
---@field x number
---@field y number
---@field z number
---@operator add(collide.vec3): collide.vec3
---@operator sub(collide.vec3): collide.vec3
---@operator mul(number): collide.vec3
---@operator div(number): collide.vec3
---@operator unm: collide.vec3
local Vec3 = {}

---The dot product.
---@param w collide.vec3like
---@return number
function Vec3:dot(w) end

---The cross product.
---@param w collide.vec3like
---@param out? collide.vec3 written and returned instead of a new vector
---@return collide.vec3
function Vec3:cross(w, out) end

---The length.
---@return number
function Vec3:length() end

---The squared length (no square root).
---@return number
function Vec3:length_squared() end

---A unit vector; the zero vector stays zero.
---@param out? collide.vec3 written and returned instead of a new vector
---@return collide.vec3
function Vec3:normalize(out) end

---The components.
---@return number x
---@return number y
---@return number z
function Vec3:unpack() end

---A new vector equal to this one.
---@return collide.vec3
function Vec3:clone() end

---Sets the components in place.
---@param x number
---@param y number
---@param z? number default 0
---@return collide.vec3 self
function Vec3:set(x, y, z) end

---------------------------------------------------------------- plane, polygon

---The plane `normal·p + d = 0`, immutable; the normal is unit.
---@class collide.plane
---@field normal collide.vec3
---@field d number
local Plane = {}

---Signed distance, positive on the normal's side.
---@param p collide.vec3like
---@return number
function Plane:distance(p) end

---A planar convex polygon, immutable; `#polygon` is its vertex count.
---@class collide.polygon
---@field plane collide.plane its plane (normal by the right-hand rule of the winding)
---@operator len: integer
local Polygon = {}

---A new array of its vertices.
---@return collide.vec3[]
function Polygon:vertices() end

---------------------------------------------------------------- convex

---A convex shape in its own frame (the exact hull of its points),
---immutable; `#A` is its corner count.
---@class collide.convex
---@field flat boolean every corner in one plane: a convex polygon (two faces, normals n and -n; +z first when every z is 0)
---@field radius number the largest distance from the frame's origin to a corner
---@operator len: integer
local Convex = {}

---A new array of its corners (points inside it, on a face or inside an edge are dropped), in the order they were given.
---@return collide.vec3[]
function Convex:vertices() end

---A new array of its faces' planes, normals pointing out.
---@return collide.plane[]
function Convex:faces() end

---Face i's corners, counter-clockwise seen from outside, as indices into `A:vertices()`.
---@param i integer
---@return integer[]
function Convex:face_vertices(i) end

---Its edges, `{i, j}` pairs of indices into `A:vertices()`.
---@return integer[][]
function Convex:edges() end

---------------------------------------------------------------- results of the world

---A contact of a move: every shape touched at each moment, by u then id.
---@class collide.contact
---@field id integer the shape
---@field point collide.vec3
---@field normal collide.vec3
---@field u number the moment within the step
---@field feature collide.feature
---@field depth? number a push out of a shape the mover started in (u = 0): how deep it was
---@field stuck? true the mover could not get clear of the shapes it started in and stayed

---How deep a query shape is in one shape of the world.
---@class collide.penetration
---@field id integer the shape
---@field normal collide.vec3 the direction of the shortest translation that separates them
---@field depth number its length (0 when they only touch)

---The walkable surface under a mover at the end of a move.
---@class collide.ground
---@field id integer
---@field point collide.vec3
---@field normal collide.vec3

---One shape met by `w:raycast_all`.
---@class collide.ray_hit
---@field id integer
---@field u number
---@field point collide.vec3
---@field normal collide.vec3
---@field feature collide.feature

---Options of `w:move_sphere`, `w:move_aabb`, `w:move_capsule`,
---`w:move_convex` and `w:move_shape`; unknown names are an error.
---@class collide.move_options
---@field max_iterations? integer rounds of sweep and response (4)
---@field response? collide.response "slide" (default), "bounce" or "stop"
---@field restitution? number for "bounce" (1)
---@field up? collide.vec3like makes `grounded` (and the controller options) work
---@field max_slope? number radians from `up` that count as ground (π/4)
---@field filter? collide.move_filter
---@field skin? number the gap kept to surfaces (1e-4 r plus a rounding margin)
---@field velocity? collide.vec3like returned after the same responses (to - from)
---@field step_height? number climb steps up to this high (0; needs up)
---@field snap? number follow the ground down by up to this far (0; needs up)
---@field stop_on_slope? boolean do not slide down walkable slopes (false)
---@field steep_as_wall? boolean steep surfaces never lift the mover (false)
---@field carry? boolean move with the moving shape stood on (true)
---@field max_push? number push out of start overlaps by at most this far (largest half-size; 0: off)

---------------------------------------------------------------- world

---Fixed (and moving) shapes under a bounding-volume hierarchy.
---`tostring(w)` counts its shapes by kind: `world(12 shapes: 10 aabb, 2 sphere)`.
---@class collide.world
local World = {}

---Adds the triangle abc.
---@param a collide.vec3like
---@param b collide.vec3like
---@param c collide.vec3like
---@param data? any kept with the shape
---@return integer id
function World:add_triangle(a, b, c, data) end

---Adds a convex polygon.
---@param polygon collide.polygon|collide.vec3like[] a polygon, or an array of 3 or more points
---@param data? any
---@return integer id
function World:add_polygon(polygon, data) end

---Adds a box by centre and half-extents.
---@param center collide.vec3like
---@param extents collide.vec3like half-extents
---@param data? any
---@return integer id
function World:add_aabb(center, extents, data) end

---Adds a sphere.
---@param center collide.vec3like
---@param r number
---@param data? any
---@return integer id
function World:add_sphere(center, r, data) end

---Adds the segment ab (a wall in 2D).
---@param a collide.vec3like
---@param b collide.vec3like
---@param data? any
---@return integer id
function World:add_segment(a, b, data) end

---An infinite plane (kept out of the hierarchy, tested always).
---@param plane collide.plane
---@param data? any
---@return integer id
function World:add_plane(plane, data) end

---A static capsule: the points within r of the segment a-b.
---@param a collide.vec3like
---@param b collide.vec3like
---@param r number
---@param data? any
---@return integer id
function World:add_capsule(a, b, r, data) end

---A convex shape A (collide.convex, collide.convex_box; its hull is
---copied) turned by rot, its frame's origin at position. `w:update(id, A,
---position, rot)` re-places it; `w:get(id)` gives "convex", a copy of A,
---position and rot as given (an angle stays a number).
---@param A collide.convex
---@param position collide.vec3like
---@param rot collide.rotation an angle about z (2D) or a unit quaternion {w =, x =, y =, z =}
---@param data? any
---@return integer id
function World:add_convex(A, position, rot, data) end

---One triangle per three 1-based indices into vertices; every triangle
---gets data.
---@param vertices collide.vec3like[]
---@param indices integer[]
---@param data? any
---@return integer first_id
---@return integer last_id consecutive ids
function World:add_mesh(vertices, indices, data) end

---Solid cells of a tile grid (rows of numbers, 0 empty) as few merged
---boxes: row r, column c covers origin + ((c-1)*size.x .. c*size.x,
---(r-1)*size.y .. r*size.y); every box gets data.
---@param grid number[][]
---@param size collide.vec3like|number a number for square tiles
---@param origin? collide.vec3like default (0, 0, 0)
---@param data? any
---@return integer first_id
---@return integer last_id consecutive ids
function World:add_tiles(grid, size, origin, data) end

---A simple polygon, concave allowed (a last point equal to the first is
---dropped), as convex polygon pieces; every piece gets data. An outline
---that crosses or touches itself is an error naming the edges.
---@param points collide.vec3like[]
---@param data? any
---@return integer first_id
---@return integer last_id consecutive ids
function World:add_outline(points, data) end

---Re-places a shape with the arguments of its `add_*` (without data);
---keeps its id and data.
---@param id integer
---@param ... any
---@return boolean found false for an unknown id
function World:update(id, ...) end

---The shape's kind followed by the arguments its `add_*` took; nil for an
---unknown id.
---@param id integer
---@return collide.kind? kind
---@return any ...
function World:get(id) end

---`for id, kind, data in w:shapes() do ... end`, ascending ids.
---@return fun(): integer?, collide.kind, any
function World:shapes() end

---Removes a shape; false for an unknown id.
---@param id integer
---@return boolean removed
function World:remove(id) end

---The data kept with a shape (nil for an unknown id).
---@param id integer
---@return any data
function World:data(id) end

---The number of shapes.
---@return integer
function World:count() end

---Builds the hierarchy now (else the next query does).
---@return collide.world self
function World:build() end

---Sets a shape's layer bits; false for an unknown id.
---@param id integer
---@param bits integer layer bits in [0, 2^31) (default 1)
---@return boolean found false for an unknown id
function World:set_layers(id, bits) end

---A shape's layer bits.
---@param id integer
---@return integer bits
function World:layers(id) end

---The shape moves by d during a step (swept exactly by every query and move).
---@param id integer
---@param d collide.vec3like
---@return boolean found false for an unknown id
function World:set_velocity(id, d) end

---The velocity set by `w:set_velocity` (zero by default); nil for an
---unknown id.
---@param id integer
---@param out? collide.vec3 written and returned instead of a new vector
---@return collide.vec3? d
function World:velocity(id, out) end

---The convex shape turns by rot_delta during a step, about its frame's
---origin and at a constant rate, as a velocity moves it (an angle: by that
---angle, up to 2^22 radians a step; a quaternion: by its shortest arc).
---Every sweep and move against it is swept by conservative advancement;
---`advance` turns it (an angle taken past 2^23 is brought within [-pi, pi]
---by whole turns); a mover standing on it is carried (options.carry). A
---zero turn stops it. An error names the id of a shape that is not convex,
---and an angle beyond 2^22 (`spin too large`).
---@param id integer
---@param rot_delta collide.rotation
---@return boolean found false for an unknown id
function World:set_spin(id, rot_delta) end

---The spin set by `w:set_spin`, as given (0 by default); nil for an
---unknown id or a shape that is not convex.
---@param id integer
---@return collide.rotation? rot_delta
function World:spin(id) end

---Every shape moves by its velocity and a spinning convex shape turns by
---its spin (both are kept).
function World:advance() end

---Makes shape id a sensor (docs/sensors.md): it blocks no mover, sweep or ray
---(overlap queries still list it), and advance() and move_shape record when
---shapes begin and end touching it. false makes it an ordinary shape again.
---@param id integer
---@param on boolean
---@return boolean known false for an unknown id
function World:set_sensor(id, on) end

---Whether shape id is a sensor (w:set_sensor).
---@param id integer
---@return boolean? sensor nil for an unknown id
function World:sensor(id) end

---@class collide.sensor_event
---@field sensor integer the sensor's id
---@field id integer the shape that began or ended touching it
---@field u number the moment within the step, exact
---@field event "begin"|"end"

---The sensor events recorded by advance() and move_shape since the last call,
---taken: in the order of the steps, within one by u, then sensor, then id.
---@return collide.sensor_event[]
function World:sensor_events() end

---The world as a string (docs/saving.md): ids, shapes, layers, velocities,
---sensors and data (numbers, strings, booleans and tables of them; other
---data is an error naming the shape). `collide.load(s)` makes it again.
---@return string
function World:save() end

---Internal (w:save, collide.load): the id the next shape added gets; given
---an id, the next id is moved on to it first (the ids skipped are never given).
---@param id? integer
---@return integer
function World:_next_id(id) end

---Internal (collide.load): a plane kept as given (normal unit to 1e-9).
---@param normal collide.vec3like
---@param d number
---@param data? any
---@return integer id
function World:_add_unit_plane(normal, d, data) end

---First contact of a moving sphere over all shapes (ties: the lowest id).
---@param r number
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param filter? collide.filter
---@param point? collide.vec3 out-vector
---@param normal? collide.vec3 out-vector
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
---@return integer? id
function World:sweep_sphere(r, c0, c1, filter, point, normal) end

---As `w:sweep_sphere`, for a box of half-extents e.
---@param e collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param filter? collide.filter
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
---@return integer? id
function World:sweep_aabb(e, c0, c1, filter, point, normal) end

---As `w:sweep_sphere`, for a capsule (radius r, segment c - axis to c + axis).
---@param r number
---@param axis collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param filter? collide.filter
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
---@return integer? id
function World:sweep_capsule(r, axis, c0, c1, filter, point, normal) end

---As `w:sweep_sphere`, for convex shape A turned by rot (fixed during the
---step), its frame's origin moving from c0 to c1; each shape's answer is
---the `collide.sweep_convex_*` function of its kind, exact to rounding.
---@param A collide.convex
---@param rot collide.rotation
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param filter? collide.filter
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
---@return integer? id
function World:sweep_convex(A, rot, c0, c1, filter, point, normal) end

---First shape met by the segment p0-p1.
---@param p0 collide.vec3like
---@param p1 collide.vec3like
---@param filter? collide.filter
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
---@return integer? id
function World:raycast(p0, p1, filter, point, normal) end

---Many rays in one call, each answered as `w:raycast` answers it.
---`segments` is flat, 6 numbers a ray: `x0, y0, z0, x1, y1, z1, ...`; `out`
---(a new table when absent; on LuaJIT also an FFI `double[?]` array) gets 8
---numbers a ray: id (0 for none), u, point x, y, z, normal x, y, z. A miss is
---id 0, u 1, a zero point and normal.
---@param segments number[]|ffi.cdata*
---@param filter? collide.filter
---@param out? number[]|ffi.cdata*
---@return number[]|ffi.cdata* out
function World:raycast_many(segments, filter, out) end

---Many sphere sweeps of radius r in one call, as `w:raycast_many` (each
---answered as `w:sweep_sphere` answers it).
---@param r number
---@param segments number[]|ffi.cdata*
---@param filter? collide.filter
---@param out? number[]|ffi.cdata*
---@return number[]|ffi.cdata* out
function World:sweep_sphere_many(r, segments, filter, out) end

---Many box sweeps of half-extents e in one call, as `w:raycast_many` (each
---answered as `w:sweep_aabb` answers it).
---@param e collide.vec3like
---@param segments number[]|ffi.cdata*
---@param filter? collide.filter
---@param out? number[]|ffi.cdata*
---@return number[]|ffi.cdata* out
function World:sweep_aabb_many(e, segments, filter, out) end

---Many capsule sweeps in one call, as `w:raycast_many` (each answered as
---`w:sweep_capsule` answers it).
---@param r number
---@param axis collide.vec3like
---@param segments number[]|ffi.cdata*
---@param filter? collide.filter
---@param out? number[]|ffi.cdata*
---@return number[]|ffi.cdata* out
function World:sweep_capsule_many(r, axis, segments, filter, out) end

---Every shape the segment meets, by u then id.
---@param p0 collide.vec3like
---@param p1 collide.vec3like
---@param filter? collide.filter
---@return collide.ray_hit[]
function World:raycast_all(p0, p1, filter) end

---Ids of the shapes touching the sphere, ascending.
---@param center collide.vec3like
---@param r number
---@param filter? collide.filter
---@return integer[]
function World:overlap_sphere(center, r, filter) end

---The ids of the shapes containing the point, ascending.
---@param p collide.vec3like
---@param filter? collide.filter
---@return integer[]
function World:overlap_point(p, filter) end

---The ids of the shapes touching the box, ascending.
---@param center collide.vec3like
---@param extents collide.vec3like
---@param filter? collide.filter
---@return integer[]
function World:overlap_aabb(center, extents, filter) end

---The ids of the shapes touching the capsule (points within r of ab),
---ascending.
---@param a collide.vec3like
---@param b collide.vec3like
---@param r number
---@param filter? collide.filter
---@return integer[]
function World:overlap_capsule(a, b, r, filter) end

---The broadphase's candidates of a box sweep: the ids of the shapes whose
---(slightly padded) bounding box the box of half-extents e meets on its
---way from centre c0 to c1, without the shapes' exact tests; ascending.
---c0 == c1 for a box held still, e = 0 for a segment. Planes are always
---listed, sensors never. out (reused) gets the ids in out[1..n], its
---entries after them cleared.
---@param e collide.vec3like half-extents
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param out? integer[]
---@return integer[] out
---@return integer n
function World:candidates_aabb(e, c0, c1, out) end

---w:update(id, c, e) of an aabb, then w:candidates_aabb(qe, c0, c1, out),
---in one call: for a library that keeps the exact shapes itself and moves
---one box before asking for the next path's candidates (collide.bump).
---id must be a live aabb's ("index out of range" otherwise); every
---argument is checked before the world changes, and, as every change, it
---is an error while the world is locked (from a query's filter).
---@param id integer an aabb's id
---@param c collide.vec3like its new centre
---@param e collide.vec3like its new half-extents
---@param qe collide.vec3like the query's half-extents
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param out? integer[]
---@return integer[] out
---@return integer n
function World:update_candidates_aabb(id, c, e, qe, c0, c1, out) end

---Every shape the sphere touches, with the shortest push out of it.
---@param center collide.vec3like
---@param r number
---@param filter? collide.filter
---@return collide.penetration[] ascending ids
function World:penetration_sphere(center, r, filter) end

---How deep the box is in each shape it overlaps, ascending ids.
---@param center collide.vec3like
---@param e collide.vec3like half-extents
---@param filter? collide.filter
---@return collide.penetration[] ascending ids
function World:penetration_aabb(center, e, filter) end

---How deep the capsule (points within r of ab) is in each shape it overlaps,
---ascending ids.
---@param a collide.vec3like
---@param b collide.vec3like
---@param r number
---@param filter? collide.filter
---@return collide.penetration[] ascending ids
function World:penetration_capsule(a, b, r, filter) end

---Collide-and-slide of a sphere from `from` toward `to`.
---@param r number
---@param from collide.vec3like
---@param to collide.vec3like
---@param options? collide.move_options
---@param position? collide.vec3 out-vector
---@param velocity? collide.vec3 out-vector
---@return collide.vec3 position
---@return collide.contact[] contacts
---@return boolean? grounded nil without options.up
---@return collide.vec3 velocity options.velocity after the responses
---@return collide.ground? ground
function World:move_sphere(r, from, to, options, position, velocity) end

---As `w:move_sphere`, for a box of half-extents e.
---@param e collide.vec3like
---@param from collide.vec3like
---@param to collide.vec3like
---@param options? collide.move_options
---@param position? collide.vec3 out-vector
---@param velocity? collide.vec3 out-vector
---@return collide.vec3 position
---@return collide.contact[] contacts
---@return boolean? grounded
---@return collide.vec3 velocity
---@return collide.ground? ground
function World:move_aabb(e, from, to, options, position, velocity) end

---As `w:move_sphere`, for a capsule.
---@param r number
---@param axis collide.vec3like
---@param from collide.vec3like
---@param to collide.vec3like
---@param options? collide.move_options
---@param position? collide.vec3 out-vector
---@param velocity? collide.vec3 out-vector
---@return collide.vec3 position
---@return collide.contact[] contacts
---@return boolean? grounded
---@return collide.vec3 velocity
---@return collide.ground? ground
function World:move_capsule(r, axis, from, to, options, position, velocity) end

---As `w:move_sphere`, for convex shape A turned by rot (it does not turn
---during the move); `from` and `to` are places of its frame's origin.
---@param A collide.convex
---@param rot collide.rotation
---@param from collide.vec3like
---@param to collide.vec3like
---@param options? collide.move_options
---@param position? collide.vec3 out-vector
---@param velocity? collide.vec3 out-vector
---@return collide.vec3 position
---@return collide.contact[] contacts
---@return boolean? grounded
---@return collide.vec3 velocity
---@return collide.ground? ground
function World:move_convex(A, rot, from, to, options, position, velocity) end

---As `w:move_sphere`, for the world's own sphere, aabb, capsule or convex
---shape `id`, from its place (its centre; a convex shape's frame's origin,
---turned as it is) toward `to`; the shape is moved there in the world.
---It ignores itself. `false` for an unknown id; another kind is an error.
---@param id integer
---@param to collide.vec3like
---@param options? collide.move_options
---@param position? collide.vec3 out-vector
---@param velocity? collide.vec3 out-vector
---@return collide.vec3|false position false for an unknown id
---@return collide.contact[] contacts
---@return boolean? grounded
---@return collide.vec3 velocity
---@return collide.ground? ground
function World:move_shape(id, to, options, position, velocity) end

---------------------------------------------------------------- the module

---@class collide
---@field _VERSION string the version, e.g. "0.2.0"
---@field backend "capi"|"ffi" the binding serving the calls
---@field max_coord number the largest accepted magnitude (1e50)
---@field debug collide.debug LÖVE drawing and bug reports (the table `require "collide.debug"` gives)
local collide = {}

---At the prompt: bare, the public names; with a name ("move_aabb",
---"w:move_aabb", "sweep_sphere_plane", "debug.world"), its signature, meaning
---and results, from these annotations. An unknown name is an error.
---@param name? string
---@return string text
function collide.help(name) end

---A new vector; `vec3()` is the zero vector.
---@param x? number
---@param y? number
---@param z? number default 0
---@return collide.vec3
function collide.vec3(x, y, z) end

---True for a `collide.vec3` (not for a table vector).
---@param x any
---@return boolean
function collide.is_vec3(x) end

---The plane `normal·p + d = 0` (normal normalized, d scaled with it).
---@param normal collide.vec3like
---@param d number
---@return collide.plane
function collide.plane(normal, d) end

---The plane through p with normal n (normalized).
---@param p collide.vec3like
---@param n collide.vec3like
---@return collide.plane
function collide.plane_from_point_normal(p, n) end

---Normal (b-a)×(c-a), normalized; collinear points are an error.
---@param a collide.vec3like
---@param b collide.vec3like
---@param c collide.vec3like
---@return collide.plane
function collide.plane_from_points(a, b, c) end

---A planar convex polygon from 3 to 65,536 vertices, either winding.
---@param vertices collide.vec3like[]
---@return collide.polygon
function collide.polygon(vertices) end

---The convex hull of 3 to 256 points (a convex polygon when every z is 0),
---exact for the given numbers; all on one line is an error.
---@param points collide.vec3like[]
---@return collide.convex
function collide.convex(points) end

---The box of half-extents e about the origin, as a convex shape.
---@param e collide.vec3like
---@return collide.convex
function collide.convex_box(e) end

---A rotation: an angle in radians about z (2D), or a unit quaternion (to
---1e-6) given as a table or object with fields w, x, y, z.
---@alias collide.rotation number|{w: number, x: number, y: number, z: number}

---Convex shape A, turned by rot, its frame's origin moving from c0 to c1,
---against a sphere (its surface is all "face"): the first contact, exact to rounding.
---@param A collide.convex
---@param rot collide.rotation
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param center collide.vec3like
---@param r number
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_convex_sphere(A, rot, c0, c1, center, r, point, normal) end

---Convex shape A, turned by rot, its frame's origin moving from c0 to c1,
---against the capsule of radius r about the segment a-b (all "face"): the
---first contact, exact to rounding.
---@param A collide.convex
---@param rot collide.rotation
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param a collide.vec3like
---@param b collide.vec3like
---@param r number
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_convex_capsule(A, rot, c0, c1, a, b, r, point, normal) end

---Convex shape A, turned by rot, its frame's origin moving from c0 to c1,
---against a two-sided plane: the first contact, exact to rounding.
---@param A collide.convex
---@param rot collide.rotation
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param plane collide.plane
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_convex_plane(A, rot, c0, c1, plane, point, normal) end

---Convex shape A, turned by rot, its frame's origin moving from c0 to c1,
---against a two-sided triangle: the first contact, exact to rounding.
---@param A collide.convex
---@param rot collide.rotation
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param a collide.vec3like
---@param b collide.vec3like
---@param c collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_convex_triangle(A, rot, c0, c1, a, b, c, point, normal) end

---Convex shape A, turned by rot, its frame's origin moving from c0 to c1,
---against a polygon: the first contact, exact to rounding.
---@param A collide.convex
---@param rot collide.rotation
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param polygon collide.polygon
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_convex_polygon(A, rot, c0, c1, polygon, point, normal) end

---Convex shape A, turned by rot, its frame's origin moving from c0 to c1,
---against a segment (a wall in 2D): the first contact, exact to rounding.
---@param A collide.convex
---@param rot collide.rotation
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param a collide.vec3like
---@param b collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_convex_segment(A, rot, c0, c1, a, b, point, normal) end

---Convex shape A, turned by rot, its frame's origin moving from c0 to c1,
---against an axis-aligned box (centre, half-extents): the first contact, exact to rounding.
---@param A collide.convex
---@param rot collide.rotation
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param center collide.vec3like
---@param e collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_convex_aabb(A, rot, c0, c1, center, e, point, normal) end

---Convex shape A, turned by rotA, moving from a0 to a1, against convex
---shape B turned by rotB with its frame's origin at b: the first contact,
---exact to rounding.
---@param A collide.convex
---@param rotA collide.rotation
---@param a0 collide.vec3like
---@param a1 collide.vec3like
---@param B collide.convex
---@param rotB collide.rotation
---@param b collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_convex_convex(A, rotA, a0, a1, B, rotB, b, point, normal) end

---Convex shape A turning from rot0 to rot1 (the shortest arc, at a
---constant rate; two angles turn by their difference taken into
---[-pi, pi]) while its frame's origin moves from a0 to a1, against convex
---shape B turned by rotB at b: the first contact by conservative
---advancement, never late and at most 1e-9 of the motion's size early.
---No turn gives sweep_convex_convex's answer.
---@param A collide.convex
---@param rot0 collide.rotation
---@param rot1 collide.rotation
---@param a0 collide.vec3like
---@param a1 collide.vec3like
---@param B collide.convex
---@param rotB collide.rotation
---@param b collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_convex_turning(A, rot0, rot1, a0, a1, B, rotB, b, point, normal) end

---The segment p0-p1 against convex shape A turned by rot, its frame's origin
---at position: the first contact, exact to rounding (a start inside: u = 0,
---out through the nearest face; a flat hull with p0 in its plane: across
---the nearest side).
---@param A collide.convex
---@param rot collide.rotation
---@param position collide.vec3like
---@param p0 collide.vec3like
---@param p1 collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.raycast_convex(A, rot, position, p0, p1, point, normal) end

---A new, empty world.
---@return collide.world
function collide.world() end

---A world from the string of `w:save()`: the same ids (removed ones stay
---unused), shapes, layers, velocities, sensors and data. A string that is
---not a saved world (truncated, corrupted) is an argument error.
---@param s string
---@return collide.world
function collide.load(s) end

---Options of collide.tiled.
---@class collide.tiled_options
---@field world? collide.world add to this world instead of a new one
---@field property? string the collidable property's name (default "collidable")
---@field segments? integer sides of an ellipse's polygon (default 16)

---A world of the collision shapes of a map exported by Tiled as Lua (the
---table STI reads): collidable tile layers (per layer or per tile), and
---rectangle, polygon, polyline and ellipse objects. Each shape's data is
---{layer =, object =, id =, type =, properties =}.
---@param map table
---@param options? collide.tiled_options
---@return collide.world
function collide.tiled(map, options) end

-- Sweeps of a sphere

---First and last moment of contact of two moving spheres.
---@param ra number
---@param a0 collide.vec3like
---@param a1 collide.vec3like
---@param rb number
---@param b0 collide.vec3like
---@param b1 collide.vec3like
---@return boolean hit
---@return number? u0
---@return number? u1
function collide.sweep_sphere_sphere(ra, a0, a1, rb, b0, b1) end

---The sweep's answer without the times, faster.
---@param ra number
---@param a0 collide.vec3like
---@param a1 collide.vec3like
---@param rb number
---@param b0 collide.vec3like
---@param b1 collide.vec3like
---@return boolean hit
function collide.test_sphere_sphere(ra, a0, a1, rb, b0, b1) end

---First contact of a sphere moving from c0 to c1 with a plane (two-sided).
---@param r number
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param plane collide.plane
---@param point? collide.vec3 out-vector
---@param normal? collide.vec3 out-vector
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_sphere_plane(r, c0, c1, plane, point, normal) end

---First contact of a sphere moving from c0 to c1 with the triangle abc (face,
---edge or vertex).
---@param r number
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param a collide.vec3like
---@param b collide.vec3like
---@param c collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_sphere_triangle(r, c0, c1, a, b, c, point, normal) end

---First contact of a sphere moving from c0 to c1 with a polygon.
---@param r number
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param polygon collide.polygon
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_sphere_polygon(r, c0, c1, polygon, point, normal) end

---First contact of a sphere moving from c0 to c1 with the segment ab (a 2D
---wall).
---@param r number
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param a collide.vec3like
---@param b collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_sphere_segment(r, c0, c1, a, b, point, normal) end

---First contact of a sphere moving from c0 to c1 with a box (centre,
---half-extents).
---@param r number
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param center collide.vec3like
---@param extents collide.vec3like half-extents
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_sphere_aabb(r, c0, c1, center, extents, point, normal) end

---Two moving boxes; normal is the axis of first contact from B toward A.
---@param ea collide.vec3like
---@param a0 collide.vec3like
---@param a1 collide.vec3like
---@param eb collide.vec3like
---@param b0 collide.vec3like
---@param b1 collide.vec3like
---@param normal? collide.vec3 out-vector
---@return boolean hit
---@return number? u0
---@return number? u1
---@return collide.vec3? normal
function collide.sweep_aabb_aabb(ea, a0, a1, eb, b0, b1, normal) end

-- Sweeps of a capsule: radius r around the segment c - axis to c + axis.

---First contact of a capsule (radius r, segment c - axis to c + axis) moving
---from c0 to c1 with a fixed sphere.
---@param r number
---@param axis collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param center collide.vec3like
---@param rb number
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_capsule_sphere(r, axis, c0, c1, center, rb, point, normal) end

---First contact of a capsule (radius r, segment c - axis to c + axis) moving
---from c0 to c1 with a plane.
---@param r number
---@param axis collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param plane collide.plane
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_capsule_plane(r, axis, c0, c1, plane, point, normal) end

---First contact of a capsule (radius r, segment c - axis to c + axis) moving
---from c0 to c1 with the triangle abc.
---@param r number
---@param axis collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param a collide.vec3like
---@param b collide.vec3like
---@param c collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_capsule_triangle(r, axis, c0, c1, a, b, c, point, normal) end

---First contact of a capsule (radius r, segment c - axis to c + axis) moving
---from c0 to c1 with a polygon.
---@param r number
---@param axis collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param polygon collide.polygon
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_capsule_polygon(r, axis, c0, c1, polygon, point, normal) end

---First contact of a capsule (radius r, segment c - axis to c + axis) moving
---from c0 to c1 with the segment ab.
---@param r number
---@param axis collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param a collide.vec3like
---@param b collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_capsule_segment(r, axis, c0, c1, a, b, point, normal) end

---First contact of a capsule (radius r, segment c - axis to c + axis) moving
---from c0 to c1 with a box.
---@param r number
---@param axis collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param center collide.vec3like
---@param extents collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_capsule_aabb(r, axis, c0, c1, center, extents, point, normal) end

---Two moving capsules: first and last contact; normal from B toward A at u0.
---@param ra number
---@param axisa collide.vec3like
---@param a0 collide.vec3like
---@param a1 collide.vec3like
---@param rb number
---@param axisb collide.vec3like
---@param b0 collide.vec3like
---@param b1 collide.vec3like
---@param normal? collide.vec3 out-vector
---@return boolean hit
---@return number? u0
---@return number? u1
---@return collide.vec3? normal
function collide.sweep_capsule_capsule(ra, axisa, a0, a1, rb, axisb, b0, b1, normal) end

-- Sweeps of a box of half-extents e

---First contact of a box (half-extents e) moving from c0 to c1 with a fixed
---sphere.
---@param e collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param center collide.vec3like
---@param r number
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_aabb_sphere(e, c0, c1, center, r, point, normal) end

---First contact of a box (half-extents e) moving from c0 to c1 with a plane.
---@param e collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param plane collide.plane
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_aabb_plane(e, c0, c1, plane, point, normal) end

---First contact of a box (half-extents e) moving from c0 to c1 with the
---triangle abc.
---@param e collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param a collide.vec3like
---@param b collide.vec3like
---@param c collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_aabb_triangle(e, c0, c1, a, b, c, point, normal) end

---First contact of a box (half-extents e) moving from c0 to c1 with a
---polygon.
---@param e collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param polygon collide.polygon
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_aabb_polygon(e, c0, c1, polygon, point, normal) end

---First contact of a box (half-extents e) moving from c0 to c1 with the
---segment ab.
---@param e collide.vec3like
---@param c0 collide.vec3like
---@param c1 collide.vec3like
---@param a collide.vec3like
---@param b collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.sweep_aabb_segment(e, c0, c1, a, b, point, normal) end

-- Ray (segment) casts from p0 to p1; u is the fraction along it and the
-- normal faces p0.

---Where the segment p0-p1 first meets the sphere; u = 0 when it starts
---inside.
---@param p0 collide.vec3like
---@param p1 collide.vec3like
---@param center collide.vec3like
---@param r number
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.raycast_sphere(p0, p1, center, r, point, normal) end

---Where the segment p0-p1 crosses the plane; normal facing p0.
---@param p0 collide.vec3like
---@param p1 collide.vec3like
---@param plane collide.plane
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.raycast_plane(p0, p1, plane, point, normal) end

---Where the segment p0-p1 meets the triangle abc; normal facing p0.
---@param p0 collide.vec3like
---@param p1 collide.vec3like
---@param a collide.vec3like
---@param b collide.vec3like
---@param c collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.raycast_triangle(p0, p1, a, b, c, point, normal) end

---Where the segment p0-p1 meets the polygon; normal facing p0.
---@param p0 collide.vec3like
---@param p1 collide.vec3like
---@param polygon collide.polygon
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.raycast_polygon(p0, p1, polygon, point, normal) end

---Where the segment p0-p1 first meets the box (centre, half-extents); u = 0
---when it starts inside.
---@param p0 collide.vec3like
---@param p1 collide.vec3like
---@param center collide.vec3like
---@param extents collide.vec3like
---@param point? collide.vec3
---@param normal? collide.vec3
---@return boolean hit
---@return number? u
---@return collide.vec3? point
---@return collide.vec3? normal
---@return collide.feature? feature
function collide.raycast_aabb(p0, p1, center, extents, point, normal) end

-- Helpers

---`a + (b - a) * u`: where a mover is at time u.
---@param a collide.vec3like
---@param b collide.vec3like
---@param u number
---@param out? collide.vec3
---@return collide.vec3
function collide.lerp(a, b, u, out) end

---`v - 2 (v·n) n`: bounce off a surface with unit normal n.
---@param v collide.vec3like
---@param n collide.vec3like
---@param out? collide.vec3
---@return collide.vec3
function collide.reflect(v, n, out) end

---`v - (v·n) n`: slide along it.
---@param v collide.vec3like
---@param n collide.vec3like
---@param out? collide.vec3
---@return collide.vec3
function collide.slide(v, n, out) end

---Every pair of moving spheres that touch during the step, as a flat array:
---`out[3k-2], out[3k-1], out[3k]` = `i, j, u0` of the k-th pair. More than
---2^25 pairs is an error.
---@param radii number|number[] one radius for all, or one each
---@param starts collide.vec3like[]
---@param ends collide.vec3like[]
---@param out? number[] reused and cleared after the last pair
---@return number[] out
---@return integer count
function collide.sweep_pairs(radii, starts, ends, out) end

return collide
