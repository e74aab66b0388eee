const ProfilePage = () => <h1>ProfilePage (being built)</h1>

export default ProfilePage
