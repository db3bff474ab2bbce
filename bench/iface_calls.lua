-- Lua twin of iface_calls.go: the three types are metatables whose
-- __index is the class table (method calls look the method up there).
local Rect, Square, Tri = {}, {}, {}
Rect.__index, Square.__index, Tri.__index = Rect, Square, Tri

function Rect:area() return self.w * self.h end
function Rect:grow(d)
  self.w = self.w + d
  return self.w
end
function Square:area() return self.s * self.s end
function Square:grow(d) return self.s + d end
function Tri:area() return self.b * self.h // 2 end
function Tri:grow(d)
  self.h = self.h + d
  return self.h
end

local n, rounds = 300, 10000
local shapes, rects = {}, {}
for i = 0, n - 1 do
  local s
  if i % 3 == 0 then
    s = setmetatable({w = i % 7 + 1, h = i % 5 + 1}, Rect)
    rects[#rects + 1] = s
  elseif i % 3 == 1 then
    s = setmetatable({s = i % 11}, Square)
  else
    s = setmetatable({b = i % 13, h = i % 4 + 2}, Tri)
  end
  shapes[i + 1] = s
end
local area, grown = 0, 0
for r = 0, rounds - 1 do
  for _, s in ipairs(shapes) do
    area = area + s:area()
    grown = grown + s:grow(r & 1)
  end
  for _, s in ipairs(rects) do
    area = area - s:area()
  end
end
print(string.format("area %d grown %d", area, grown))
