import FuelGrid

public enum FuelClientModule {}
