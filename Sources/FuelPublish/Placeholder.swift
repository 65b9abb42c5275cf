import FuelFeeds
public enum FuelPublishModule {}
