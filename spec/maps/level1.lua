-- A map as Tiled's Lua export writes it (written by hand from the TMX
-- reference: an 8 x 6 orthogonal map of 16 px tiles, one tileset whose
-- tile 1 (gid 2) is collidable, a collidable tile layer, a decoration
-- layer with per-tile collision, objects in a collidable group and in a
-- plain one, and a group layer with an offset).
return {
  version = "1.10",
  luaversion = "5.1",
  tiledversion = "1.10.2",
  class = "",
  orientation = "orthogonal",
  renderorder = "right-down",
  width = 8,
  height = 6,
  tilewidth = 16,
  tileheight = 16,
  nextlayerid = 6,
  nextobjectid = 9,
  properties = {},
  tilesets = {
    {
      name = "cave",
      firstgid = 1,
      class = "",
      tilewidth = 16,
      tileheight = 16,
      spacing = 0,
      margin = 0,
      columns = 4,
      image = "cave.png",
      imagewidth = 64,
      imageheight = 16,
      objectalignment = "unspecified",
      tilerendersize = "tile",
      fillmode = "stretch",
      tileoffset = { x = 0, y = 0 },
      grid = { orientation = "orthogonal", width = 16, height = 16 },
      properties = {},
      wangsets = {},
      tilecount = 4,
      tiles = {
        { id = 1, properties = { ["collidable"] = true } },
        { id = 3, properties = { ["collidable"] = false } }
      }
    }
  },
  layers = {
    {
      type = "tilelayer",
      x = 0, y = 0,
      width = 8, height = 6,
      id = 1,
      name = "ground",
      class = "",
      visible = true,
      opacity = 1,
      offsetx = 0, offsety = 0,
      parallaxx = 1, parallaxy = 1,
      properties = { ["collidable"] = true },
      encoding = "lua",
      data = {
        1, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 1,
        1, 0, 0, 0, 0, 0, 0, 1,
        1, 1, 1, 1, 1, 1, 1, 1,
        1, 1, 1, 1, 1, 1, 1, 1
      }
    },
    {
      type = "tilelayer",
      x = 0, y = 0,
      width = 8, height = 6,
      id = 2,
      name = "decor",
      class = "",
      visible = true,
      opacity = 1,
      offsetx = 0, offsety = 0,
      parallaxx = 1, parallaxy = 1,
      properties = {},
      encoding = "lua",
      data = {
        0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 2, 2, 0, 4, 0, 0,
        0, 0, 0, 0, 0, 0, 3, 0,
        0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0
      }
    },
    {
      type = "objectgroup",
      draworder = "topdown",
      id = 3,
      name = "walls",
      class = "",
      visible = true,
      opacity = 1,
      offsetx = 0, offsety = 0,
      parallaxx = 1, parallaxy = 1,
      properties = { ["collidable"] = true },
      objects = {
        {
          id = 1, name = "ledge", type = "", shape = "rectangle",
          x = 80, y = 32, width = 32, height = 8, rotation = 0, visible = true,
          properties = {}
        },
        {
          id = 2, name = "beam", type = "", shape = "rectangle",
          x = 16, y = 16, width = 16, height = 4, rotation = 90, visible = true,
          properties = {}
        },
        {
          id = 3, name = "cave", type = "rock", shape = "polygon",
          x = 16, y = 64, width = 0, height = 0, rotation = 0, visible = true,
          polygon = {
            { x = 0, y = 0 }, { x = 32, y = 0 }, { x = 32, y = -16 },
            { x = 48, y = -16 }, { x = 48, y = 0 }, { x = 64, y = 0 },
            { x = 64, y = 8 }, { x = 0, y = 8 }
          },
          properties = {}
        },
        {
          id = 4, name = "rail", type = "", shape = "polyline",
          x = 0, y = 0, width = 0, height = 0, rotation = 0, visible = true,
          polyline = { { x = 16, y = 8 }, { x = 48, y = 8 }, { x = 64, y = 0 } },
          properties = {}
        },
        {
          id = 5, name = "boulder", type = "", shape = "ellipse",
          x = 96, y = 48, width = 16, height = 16, rotation = 0, visible = true,
          properties = {}
        },
        {
          id = 6, name = "egg", type = "", shape = "ellipse",
          x = 64, y = 8, width = 16, height = 8, rotation = 0, visible = true,
          properties = {}
        },
        {
          id = 7, name = "spawn", type = "", shape = "point",
          x = 40, y = 56, width = 0, height = 0, rotation = 0, visible = true,
          properties = {}
        }
      }
    },
    {
      type = "group",
      id = 4,
      name = "background",
      class = "",
      visible = true,
      opacity = 1,
      offsetx = 4, offsety = 2,
      parallaxx = 1, parallaxy = 1,
      properties = {},
      layers = {
        {
          type = "objectgroup",
          draworder = "topdown",
          id = 5,
          name = "props",
          class = "",
          visible = true,
          opacity = 1,
          offsetx = 0, offsety = 0,
          parallaxx = 1, parallaxy = 1,
          properties = {},
          objects = {
            {
              id = 8, name = "crate", type = "", shape = "rectangle",
              x = 32, y = 40, width = 8, height = 8, rotation = 0, visible = true,
              properties = { ["collidable"] = true }
            },
            {
              id = 9, name = "painting", type = "", shape = "rectangle",
              x = 48, y = 16, width = 8, height = 8, rotation = 0, visible = true,
              properties = {}
            }
          }
        }
      }
    }
  }
}
