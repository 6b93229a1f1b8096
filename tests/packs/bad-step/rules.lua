return { setup = function() end }
