-- examples/tiles/map.lua -- a level as Tiled's Lua export writes it (written
-- by hand from Tiled's TMX reference, as `collide.tiled` reads it): 40 x 22
-- tiles of 16 px; a collidable tile layer (walls, floor, a pillar, a block),
-- one-way platforms (rectangles marked oneway), a concave cave rock (a
-- polygon), a polyline ramp, a round boulder (an ellipse), and an items
-- layer: coins (circles with the property coin and a value) and the kill
-- zone at the bottom of a pit in the floor (a rectangle with kill).
return {
  version = "1.10",
  luaversion = "5.1",
  tiledversion = "1.10.2",
  orientation = "orthogonal",
  renderorder = "right-down",
  width = 40,
  height = 22,
  tilewidth = 16,
  tileheight = 16,
  nextlayerid = 5,
  nextobjectid = 15,
  properties = {},
  tilesets = {
    {
      name = "rock", firstgid = 1, tilewidth = 16, tileheight = 16,
      spacing = 0, margin = 0, columns = 1, image = "rock.png",
      imagewidth = 16, imageheight = 16, tilecount = 1,
      tileoffset = { x = 0, y = 0 },
      grid = { orientation = "orthogonal", width = 16, height = 16 },
      properties = {}, wangsets = {}, tiles = {}
    }
  },
  layers = {
    {
      type = "tilelayer", x = 0, y = 0, width = 40, height = 22, id = 1,
      name = "ground", visible = true, opacity = 1, offsetx = 0, offsety = 0,
      parallaxx = 1, parallaxy = 1,
      properties = { ["collidable"] = true },
      encoding = "lua",
      data = {
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1
      }
    },
    {
      type = "objectgroup", draworder = "topdown", id = 2, name = "platforms",
      visible = true, opacity = 1, offsetx = 0, offsety = 0,
      parallaxx = 1, parallaxy = 1,
      properties = { ["collidable"] = true },
      objects = {
        { id = 1, name = "low", type = "", shape = "rectangle", x = 48, y = 256,
          width = 64, height = 4, rotation = 0, visible = true,
          properties = { ["oneway"] = true } },
        { id = 2, name = "mid", type = "", shape = "rectangle", x = 112, y = 208,
          width = 64, height = 4, rotation = 0, visible = true,
          properties = { ["oneway"] = true } },
        { id = 3, name = "high", type = "", shape = "rectangle", x = 240, y = 144,
          width = 80, height = 4, rotation = 0, visible = true,
          properties = { ["oneway"] = true } }
      }
    },
    {
      type = "objectgroup", draworder = "topdown", id = 3, name = "rocks",
      visible = true, opacity = 1, offsetx = 0, offsety = 0,
      parallaxx = 1, parallaxy = 1,
      properties = { ["collidable"] = true },
      objects = {
        { id = 4, name = "cave", type = "", shape = "polygon", x = 352, y = 48,
          width = 0, height = 0, rotation = 0, visible = true,
          polygon = {
            { x = 0, y = 0 }, { x = 224, y = 0 }, { x = 224, y = 96 },
            { x = 192, y = 96 }, { x = 176, y = 48 }, { x = 112, y = 40 },
            { x = 48, y = 56 }, { x = 32, y = 112 }, { x = 0, y = 112 },
            { x = 0, y = 0 }
          },
          properties = {} },
        { id = 5, name = "ramp", type = "", shape = "polyline", x = 384, y = 320,
          width = 0, height = 0, rotation = 0, visible = true,
          polyline = { { x = 0, y = 0 }, { x = 96, y = -64 } },
          properties = {} },
        { id = 6, name = "boulder", type = "", shape = "ellipse", x = 128, y = 96,
          width = 32, height = 32, rotation = 0, visible = true,
          properties = {} }
      }
    },
    {
      type = "objectgroup", draworder = "topdown", id = 4, name = "items",
      visible = true, opacity = 1, offsetx = 0, offsety = 0,
      parallaxx = 1, parallaxy = 1,
      properties = { ["collidable"] = true },
      objects = {
        { id = 10, name = "coin", type = "", shape = "ellipse", x = 96, y = 308,
          width = 8, height = 8, rotation = 0, visible = true,
          properties = { ["coin"] = true, ["value"] = 10 } },
        { id = 11, name = "coin", type = "", shape = "ellipse", x = 156, y = 308,
          width = 8, height = 8, rotation = 0, visible = true,
          properties = { ["coin"] = true, ["value"] = 10 } },
        { id = 12, name = "coin", type = "", shape = "ellipse", x = 216, y = 308,
          width = 8, height = 8, rotation = 0, visible = true,
          properties = { ["coin"] = true, ["value"] = 10 } },
        { id = 13, name = "coin", type = "", shape = "ellipse", x = 426, y = 268,
          width = 8, height = 8, rotation = 0, visible = true,
          properties = { ["coin"] = true, ["value"] = 50 } },
        { id = 14, name = "pit", type = "", shape = "rectangle", x = 336, y = 336,
          width = 32, height = 16, rotation = 0, visible = true,
          properties = { ["kill"] = true } }
      }
    }
  }
}
