-- lua/collide/cdef.lua is generated from csrc/core/collide.h (make cdef) and
-- committed; LuaJIT's FFI backend declares the core with it. A header
-- change without regenerating would let the two disagree silently.

-- (the globals as locals: busted's spec environment looks a global up
-- through a Lua function on every read, up to half a checker's time)
local assert, io = assert, io
describe("lua/collide/cdef.lua", function()
  it("holds exactly the declarations between the CDEF markers of collide.h", function()
    local f = assert(io.open("csrc/core/collide.h", "rb"))
    local header = f:read("*a")
    f:close()
    local body = header:match("/%* COLLIDE_CDEF_BEGIN %*/\n(.-)/%* COLLIDE_CDEF_END %*/")
    assert.is_string(body)
    assert.is_nil(body:find("\n%s*#"), "no preprocessor lines between the markers")
    local cdef = dofile("lua/collide/cdef.lua")
    assert.are.equal(body, cdef, "lua/collide/cdef.lua is out of date: run make cdef")
  end)
end)
