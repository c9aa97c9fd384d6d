-- A love.graphics look-alike that records each drawing call as a string
-- ("line({0,0,1,1})"), so the collide.debug specs run on every Lua without
-- LÖVE (debug_spec, debug_world_spec).
--   recorder(color, colors_too): color is the starting colour {r, g, b, a};
--   with colors_too, setColor calls are recorded as well.
return function(color, colors_too)
  local g = { calls = {}, color = color }
  local function fmt(x)
    if type(x) == "number" then return string.format("%.4g", x) end
    if type(x) == "table" then
      local t = {}
      for i, v in ipairs(x) do t[i] = fmt(v) end
      return "{" .. table.concat(t, ",") .. "}"
    end
    return tostring(x)
  end
  local function record(name)
    return function(...)
      local args = {}
      for i = 1, select("#", ...) do args[i] = fmt((select(i, ...))) end
      g.calls[#g.calls + 1] = name .. "(" .. table.concat(args, ",") .. ")"
    end
  end
  g.circle, g.line = record("circle"), record("line")
  g.polygon, g.rectangle = record("polygon"), record("rectangle")
  g.getColor = function() return g.color[1], g.color[2], g.color[3], g.color[4] end
  g.setColor = function(r, gr, b, a)
    g.color = { r, gr, b, a }
    if colors_too then record("setColor")(r, gr, b, a) end
  end
  return g
end
