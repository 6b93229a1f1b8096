return { strike = function() end }
