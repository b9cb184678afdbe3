"""The rules core: the engine contract, choices, components, plain data, seats and limits."""
