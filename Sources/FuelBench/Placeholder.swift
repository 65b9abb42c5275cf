public enum FuelBenchModule {}
