-- Notices every hit; removed by the patch layer.
return {
  on = {
    damaged = function(ctx) tabula.log("archer_saw") end,
  },
}
