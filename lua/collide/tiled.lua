--- collide.tiled: a world from a map exported by the Tiled editor as Lua.
--
-- The map is the table Tiled's "Lua files (*.lua)" export returns (the one
-- Simple-Tiled-Implementation reads): orthogonal orientation, tile layers
-- of width x height gids (or chunks of them, for infinite maps), object
-- groups of rectangle, polygon, polyline, ellipse and point objects, and
-- group layers holding more layers. Format: Tiled's manual, "Lua export"
-- and "TMX Map Format" (which the Lua tables mirror field for field:
-- https://doc.mapeditor.org/en/stable/reference/tmx-map-format/).
--
-- What is solid follows STI's convention: a layer whose properties have
-- collidable = true is solid throughout (every nonzero tile, every
-- object); in other layers, a tile is solid when its tileset gives that
-- tile collidable = true, and an object when the object itself has it.
-- The property's name can be changed (options.property).
--
-- Shapes: each collidable tile layer (or chunk) through w:add_tiles, so
-- adjacent tiles are merged; rectangles as boxes (as polygons when
-- rotated); polygons through w:add_outline (concave allowed); polylines
-- as one segment per edge; ellipses as a sphere when round and unrotated,
-- else as a convex polygon of options.segments sides; points are not
-- shapes. Rotation is Tiled's: degrees clockwise (y points down) about
-- the object's x, y, its top-left corner (a tile object's bottom-left).
-- Layer offsets (offsetx, offsety) add up through groups.
--
-- Each shape's data is a new table {layer = <layer name>, object =
-- <object name or nil>, id = <object id or nil>, type = <object type or
-- class>, properties = <the object's, else the layer's, properties>}.

local floor, cos, sin, rad, pi = math.floor, math.cos, math.sin, math.rad, math.pi

-- An error of the map, raised by tiled() at its caller's level.
local MapError = {}

local function fail(fmt, ...)
  error(setmetatable({ msg = fmt:format(...), arg = 1 }, MapError), 0)
end

-- An error of the options table: argument #2.
local function fail_option(msg)
  error(setmetatable({ msg = msg, arg = 2 }, MapError), 0)
end

local function num(x, what, ...)
  if type(x) ~= "number" or x ~= x or x == math.huge or x == -math.huge then
    local got = type(x) == "number" and tostring(x) or type(x)
    fail("%s must be a finite number, got %s", what:format(...), got)
  end
  return x
end

local function optnum(x, def, what, ...)
  if x == nil then return def end
  return num(x, what, ...)
end

local function truthy(props, key)
  return type(props) == "table" and props[key] == true
end

-- gid (flip flags in its top 3 bits, TMX "Tile Flipping") -> tileset tile
-- properties, for per-tile collision: the set of solid gids.
local function solid_gids(map, key)
  local solid = {}
  if type(map.tilesets) ~= "table" then return solid end
  for i, ts in ipairs(map.tilesets) do
    if type(ts) ~= "table" then fail("tilesets[%d] is not a table", i) end
    local first = optnum(ts.firstgid, 1, "tilesets[%d].firstgid", i)
    if type(ts.tiles) == "table" then
      for _, tile in ipairs(ts.tiles) do
        if type(tile) == "table" and type(tile.id) == "number" and truthy(tile.properties, key) then
          solid[first + tile.id] = true
        end
      end
    end
  end
  return solid
end

local FLIPS = 2 ^ 29   -- gids below; the bits above are flip flags

local function data_for(layer, object)
  return {
    layer = layer.name,
    object = object and object.name,
    id = object and object.id,
    type = object and (object.type or object.class),
    properties = object and object.properties or layer.properties,
  }
end

-- A tile layer's gids (an array of width x height) as rows of 0 / 1.
local function grid_of(data, width, height, layer_all, solid, where)
  if type(data) ~= "table" then
    fail("%s: data is not a table (export with the Lua encoding, not base64)", where)
  end
  local rows = {}
  for r = 1, height do
    local row = {}
    for c = 1, width do
      local gid = data[(r - 1) * width + c]
      if gid == nil then
        fail("%s: data has %d cells, width x height is %d", where, #data, width * height)
      end
      gid = num(gid, "%s: data[%d]", where, (r - 1) * width + c) % FLIPS
      row[c] = (gid ~= 0 and (layer_all or solid[gid])) and 1 or 0
    end
    rows[r] = row
  end
  return rows
end

local function add_tile_layer(ctx, layer, ox, oy, where)
  local all = truthy(layer.properties, ctx.key)
  local tw, th = ctx.tw, ctx.th
  local w = ctx.world
  local function put(data, width, height, x0, y0, place)
    width = num(width, "%s: width", place)
    height = num(height, "%s: height", place)
    -- a count of cells: a fraction or a negative one would read the wrong
    -- cells, or none, without a word
    if width < 0 or width ~= floor(width) or height < 0 or height ~= floor(height) then
      fail("%s: width and height must be whole numbers >= 0, got %s x %s", place,
           tostring(width), tostring(height))
    end
    local rows = grid_of(data, width, height, all, ctx.solid, place)
    w:add_tiles(rows, ctx.size, { ox + x0 * tw, oy + y0 * th }, data_for(layer))
  end
  if type(layer.chunks) == "table" then   -- an infinite map
    for i, ch in ipairs(layer.chunks) do
      local place = ("%s chunk %d"):format(where, i)
      put(ch.data, ch.width, ch.height, optnum(ch.x, 0, "%s: x", place),
          optnum(ch.y, 0, "%s: y", place), place)
    end
  else
    put(layer.data, layer.width, layer.height, 0, 0, where)
  end
end

-- (x, y) rotated by deg degrees clockwise on screen (y down) about the
-- origin, then moved by (tx, ty).
local function placer(deg, tx, ty)
  if deg == 0 then return function(x, y) return { tx + x, ty + y } end end
  local c, s = cos(rad(deg)), sin(rad(deg))
  -- (exact quarter turns: cos(rad(90)) is 6e-17, not 0)
  if deg % 90 == 0 then
    local q = (deg / 90) % 4
    c = ({ [0] = 1, 0, -1, 0 })[q]
    s = ({ [0] = 0, 1, 0, -1 })[q]
  end
  return function(x, y) return { tx + x * c - y * s, ty + x * s + y * c } end
end

local function add_object(ctx, layer, o, ox, oy, where)
  local w = ctx.world
  local x = num(o.x, "%s: x", where) + ox
  local y = num(o.y, "%s: y", where) + oy
  local rot = optnum(o.rotation, 0, "%s: rotation", where)
  local d = data_for(layer, o)
  local shape = o.shape or "rectangle"
  if o.gid ~= nil and shape == "rectangle" then
    -- a tile object: x, y is its bottom-left corner (TMX "object")
    local h = optnum(o.height, 0, "%s: height", where)
    local at = placer(rot, x, y)
    local top = at(0, -h)
    x, y = top[1], top[2]
  end
  if shape == "point" or shape == "text" then return end
  if shape == "rectangle" then
    local wd = num(o.width, "%s: width", where)
    local h = num(o.height, "%s: height", where)
    -- (a rectangle of no width or height is what Tiled writes for a point
    -- drawn as a rectangle: not a shape; a negative size no editor writes)
    if wd < 0 or h < 0 then
      fail("%s: a rectangle's width and height must not be negative", where)
    end
    if wd == 0 or h == 0 then return end
    if rot % 360 == 0 then
      w:add_aabb({ x + wd / 2, y + h / 2 }, { wd / 2, h / 2 }, d)
    else
      local at = placer(rot, x, y)
      w:add_polygon({ at(0, 0), at(wd, 0), at(wd, h), at(0, h) }, d)
    end
  elseif shape == "ellipse" then
    local wd = num(o.width, "%s: width", where)
    local h = num(o.height, "%s: height", where)
    if wd < 0 or h < 0 then
      fail("%s: an ellipse's width and height must not be negative", where)
    end
    if wd == 0 or h == 0 then return end
    local at = placer(rot, x, y)
    if wd == h then
      local c = at(wd / 2, h / 2)
      w:add_sphere(c, wd / 2, d)
    else
      local pts, n = {}, ctx.segments
      for i = 1, n do
        local a = 2 * pi * (i - 1) / n
        pts[i] = at(wd / 2 + wd / 2 * cos(a), h / 2 + h / 2 * sin(a))
      end
      w:add_polygon(pts, d)
    end
  elseif shape == "polygon" or shape == "polyline" then
    local src = o[shape]
    if type(src) ~= "table" then fail("%s: %s is not a table", where, shape) end
    local at = placer(rot, x, y)
    local pts = {}
    for i, p in ipairs(src) do
      if type(p) ~= "table" then fail("%s: %s[%d] is not a table", where, shape, i) end
      pts[i] = at(num(p.x, "%s: %s[%d].x", where, shape, i),
                  num(p.y, "%s: %s[%d].y", where, shape, i))
    end
    if shape == "polygon" then
      w:add_outline(pts, d)
    else
      for i = 1, #pts - 1 do w:add_segment(pts[i], pts[i + 1], d) end
    end
  else
    fail("%s: unknown shape '%s'", where, tostring(shape))
  end
end

local function add_layers(ctx, layers, ox, oy, path)
  for i, layer in ipairs(layers) do
    if type(layer) ~= "table" then fail("%s[%d] is not a table", path, i) end
    local where = ("layer '%s'"):format(tostring(layer.name or i))
    local lx = ox + optnum(layer.offsetx, 0, "%s: offsetx", where)
    local ly = oy + optnum(layer.offsety, 0, "%s: offsety", where)
    if layer.type == "tilelayer" then
      ctx.where = where
      add_tile_layer(ctx, layer, lx, ly, where)
    elseif layer.type == "objectgroup" then
      local all = truthy(layer.properties, ctx.key)
      if layer.objects ~= nil and type(layer.objects) ~= "table" then
        fail("%s: objects is not a table", where)
      end
      if type(layer.objects) == "table" then
        for k, o in ipairs(layer.objects) do
          if type(o) ~= "table" then fail("%s: objects[%d] is not a table", where, k) end
          if all or truthy(o.properties, ctx.key) then
            local owhere = ("%s, object %s"):format(where, tostring(o.id or k))
            ctx.where = owhere
            add_object(ctx, layer, o, lx, ly, owhere)
          end
        end
      end
    elseif layer.type == "group" then
      if layer.layers ~= nil and type(layer.layers) ~= "table" then
        fail("%s: layers is not a table", where)
      end
      if type(layer.layers) == "table" then
        -- a group met again inside itself (a table built by a script, not
        -- an export) would recurse until the C stack runs out
        ctx.open = ctx.open or {}
        if ctx.open[layer] then fail("%s: group contains itself", where) end
        ctx.open[layer] = true
        add_layers(ctx, layer.layers, lx, ly, where)
        ctx.open[layer] = nil
      end
    end
  end
end

return function(collide)
  local function build(map, options, ctx)
    if map.orientation ~= nil and map.orientation ~= "orthogonal" then
      fail("only orthogonal maps are supported, got '%s'", tostring(map.orientation))
    end
    local key = options.property or "collidable"
    if type(key) ~= "string" then fail_option("options.property must be a string") end
    local segments = options.segments or 16
    if type(segments) ~= "number" or segments ~= floor(segments) or segments < 3
       or segments > 1024 then
      fail_option("options.segments must be an integer in [3, 1024]")
    end
    local tw = num(map.tilewidth, "tilewidth")
    local th = num(map.tileheight, "tileheight")
    ctx.world, ctx.key, ctx.segments = options.world or collide.world(), key, segments
    ctx.tw, ctx.th, ctx.size, ctx.solid = tw, th, { tw, th }, solid_gids(map, key)
    if type(map.layers) ~= "table" then fail("layers is not a table") end
    add_layers(ctx, map.layers, 0, 0, "layers")
    return ctx.world
  end

  -- collide.tiled(map [, options]) -> world
  return function(map, options)
    if type(map) ~= "table" then
      error(("bad argument #1 to 'tiled' (table expected, got %s)"):format(
        map == nil and "no value" or type(map)), 2)
    end
    if options ~= nil and type(options) ~= "table" then
      error(("bad argument #2 to 'tiled' (table expected, got %s)"):format(type(options)), 2)
    end
    local ctx = {}
    local ok, res = pcall(function()
      local o = options or {}
      if o.world ~= nil and (type(o.world) ~= "userdata" and type(o.world) ~= "table"
                             or type(o.world.add_tiles) ~= "function") then
        fail_option("options.world must be a world")
      end
      return build(map, o, ctx)
    end)
    if ok then return res end
    if getmetatable(res) == MapError then
      error(("bad argument #%d to 'tiled' (%s)"):format(res.arg, res.msg), 2)
    end
    -- an error of a world method: a shape of the map the world refused
    local msg = tostring(res):gsub("^[^\n]-:%d+: ", "")
    msg = msg:gsub("^bad argument #%d+ to '([%w_]+)' %((.*)%)$", "%1: %2")
    local where = ctx.where and ctx.where .. ": " or ""
    error("bad argument #1 to 'tiled' (" .. where .. msg .. ")", 2)
  end
end
